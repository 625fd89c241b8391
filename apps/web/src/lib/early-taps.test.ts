import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  earlyTap,
  holdTapsUntil,
  replayEarlyTaps,
  replayEarlyTapsWhenDrawn,
  TAPS_WAIT_MS,
} from './early-taps';

// The taps index.html's inline script kept before the app was ready, as it keeps them: marked busy.
function heldTap(element: HTMLElement): HTMLElement {
  element.setAttribute('aria-busy', 'true');
  (window.earlyTaps ??= []).push(element);
  return element;
}

function control(tag: 'button' | 'a', name: string, onTap: () => void): HTMLElement {
  const element = document.createElement(tag);
  for (const [attribute, value] of Object.entries(earlyTap(name))) element.setAttribute(attribute, value);
  element.addEventListener('click', (event) => {
    event.preventDefault();
    onTap();
  });
  document.body.append(element);
  return element;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  delete document.documentElement.dataset.earlyTapsDone;
  window.earlyTaps = [];
});

describe('early taps', () => {
  it('makes each kept tap once, on the same control, and clears its busy state', () => {
    const taps: string[] = [];
    const add = control('button', 'cart:1', () => taps.push('cart:1'));
    heldTap(add);
    heldTap(add);
    replayEarlyTaps();
    replayEarlyTaps();
    expect(taps).toEqual(['cart:1']);
    expect(add.hasAttribute('aria-busy')).toBe(false);
  });

  it('makes a tap on the control that replaced the one tapped, found by its name', () => {
    const taps: string[] = [];
    const link = heldTap(control('a', 'save:1', () => taps.push('link')));
    link.remove();
    control('button', 'save:1', () => taps.push('button'));
    control('button', 'save:2', () => taps.push('other'));
    replayEarlyTaps();
    expect(taps).toEqual(['button']);
  });

  it('makes no tap when the control is gone', () => {
    const taps: string[] = [];
    heldTap(control('button', 'cart:1', () => taps.push('cart:1'))).remove();
    replayEarlyTaps();
    expect(taps).toEqual([]);
  });

  it('waits for the pieces being drawn, a failed one included, before making the taps', async () => {
    const taps: string[] = [];
    heldTap(control('a', 'offer:1', () => taps.push('link'))).remove();
    let drawOffer = () => {};
    holdTapsUntil(new Promise<void>((resolve) => (drawOffer = resolve)));
    holdTapsUntil(Promise.reject(new Error('offline')));
    const replayed = replayEarlyTapsWhenDrawn();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(taps).toEqual([]);
    control('button', 'offer:1', () => taps.push('button'));
    drawOffer();
    await replayed;
    expect(taps).toEqual(['button']);
  });

  it('makes the taps after a while when a piece neither comes nor fails, and then lets taps through', async () => {
    vi.useFakeTimers();
    const taps: string[] = [];
    heldTap(control('button', 'cart:1', () => taps.push('cart:1')));
    let unstall = () => {};
    holdTapsUntil(new Promise<void>((resolve) => (unstall = resolve)));
    const replayed = replayEarlyTapsWhenDrawn();
    await vi.advanceTimersByTimeAsync(TAPS_WAIT_MS - 1);
    expect(taps).toEqual([]);
    expect(document.documentElement.hasAttribute('data-early-taps-done')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await replayed;
    expect(taps).toEqual(['cart:1']);
    expect(document.documentElement.hasAttribute('data-early-taps-done')).toBe(true);
    unstall();
  });

  it('names the storage entry a link waits for only when given', () => {
    expect(earlyTap('save:1')).toEqual({ 'data-early-tap': 'save:1' });
    expect(earlyTap('save:1', { whenStored: 'oja.session' })).toEqual({
      'data-early-tap': 'save:1',
      'data-early-tap-when-stored': 'oja.session',
    });
  });
});
