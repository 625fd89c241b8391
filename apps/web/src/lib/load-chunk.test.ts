import { act, render, screen } from '@testing-library/react';
import { Component, createElement, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CHUNK_RETRY_DELAYS_MS, isChunkLoadError, lazyPiece, loadChunk } from './load-chunk';

afterEach(() => {
  vi.useRealTimers();
});

const failedImport = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/product-abc.js');

describe('loadChunk', () => {
  it('tries a failed page script again and returns it once it loads', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn()
      .mockRejectedValueOnce(failedImport())
      .mockResolvedValueOnce({ ProductRoute: 'page' });
    const loaded = loadChunk(load);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAYS_MS[0]);
    await expect(loaded).resolves.toEqual({ ProductRoute: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retries with a ChunkLoadError the route error page recognises', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValue(failedImport());
    const loaded = loadChunk(load);
    const outcome = expect(loaded).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0));
    await outcome;
    expect(load).toHaveBeenCalledTimes(CHUNK_RETRY_DELAYS_MS.length + 1);
  });

  it("recognises the browsers' own failed-import errors, and nothing else", () => {
    expect(isChunkLoadError(failedImport())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

// What a route's error page does: shows that the page failed.
class PageError extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? 'The page failed' : this.props.children;
  }
}

function pageWith(piece: ReturnType<typeof lazyPiece<{ label: string }>>) {
  return createElement(
    PageError,
    null,
    createElement('h1', null, 'Listing'),
    createElement(
      Suspense,
      { fallback: 'Loading the piece' },
      createElement(piece, { label: 'Make an offer' }),
    ),
  );
}

describe('lazyPiece', () => {
  const button = () =>
    Promise.resolve(({ label }: { label: string }) => createElement('button', null, label));
  const allRetries = CHUNK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);

  it('draws the piece once its script has come', async () => {
    render(pageWith(lazyPiece(button)));
    expect(await screen.findByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
  });

  it('leaves out a piece whose script never comes, and the page stands', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(pageWith(lazyPiece<{ label: string }>(() => Promise.reject(failedImport()))));
    await act(() => vi.advanceTimersByTimeAsync(allRetries + 100));
    expect(screen.getByRole('heading', { name: 'Listing' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the piece')).toBeNull();
    expect(screen.queryByText('The page failed')).toBeNull();
  });

  it('draws what it is given instead of a piece whose script never came', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const whenMissing = ({ label }: { label: string }) => createElement('p', null, `${label}: not loaded`);
    render(pageWith(lazyPiece<{ label: string }>(() => Promise.reject(failedImport()), { whenMissing })));
    await act(() => vi.advanceTimersByTimeAsync(allRetries + 100));
    expect(screen.getByText('Make an offer: not loaded')).toBeInTheDocument();
  });

  // A piece whose script does not come until the connection is back, drawn with Try again meanwhile: drawn
  // until it shows Try again, then the connection comes back and Try again is tapped.
  async function pieceRetriedOnceOnline() {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isOnline = false;
    const load = vi.fn(() => (isOnline ? button() : Promise.reject(failedImport())));
    const whenMissing = ({ retry }: { label: string; retry: () => void }) =>
      createElement('button', { onClick: retry }, 'Try again');
    const Piece = lazyPiece<{ label: string }>(load, { whenMissing });
    const drawn = render(pageWith(Piece));
    await act(() => vi.advanceTimersByTimeAsync(allRetries + 100));
    expect(load).toHaveBeenCalledTimes(CHUNK_RETRY_DELAYS_MS.length + 1);
    isOnline = true;
    vi.useRealTimers();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    return { load, Piece, drawn };
  }

  it('tries a piece whose script never came once more when asked, and draws it when it comes', async () => {
    const { load } = await pieceRetriedOnceOnline();
    expect(await screen.findByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(CHUNK_RETRY_DELAYS_MS.length + 2);
  });

  it('draws a piece that came on a second try wherever it is drawn next', async () => {
    const { Piece, drawn } = await pieceRetriedOnceOnline();
    await screen.findByRole('button', { name: 'Make an offer' });
    drawn.unmount();
    // Closed and opened again (or drawn in another place): the piece, not "could not be loaded".
    render(pageWith(Piece));
    expect(await screen.findByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("fails the page when the piece is the page's main content", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(pageWith(lazyPiece<{ label: string }>(() => Promise.reject(failedImport()), { isMain: true })));
    await act(() => vi.advanceTimersByTimeAsync(allRetries + 100));
    expect(screen.getByText('The page failed')).toBeInTheDocument();
  });
});
