import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CHUNK_RETRY_DELAYS_MS, isChunkLoadError, loadChunk } from './load-chunk';

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
