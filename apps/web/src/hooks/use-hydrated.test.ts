import { afterEach, describe, expect, it } from 'vitest';
import { setHydrating, whenHydrated } from './use-hydrated';

describe('whenHydrated', () => {
  afterEach(() => setHydrating(false));

  it('waits while the page is hydrating, and resolves once it is hydrated', async () => {
    setHydrating(true);
    let isResolved = false;
    const hydrated = whenHydrated().then(() => (isResolved = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isResolved).toBe(false);
    setHydrating(false);
    await hydrated;
    expect(isResolved).toBe(true);
  });

  it('resolves at once on a page the browser draws itself', async () => {
    let isResolved = false;
    void whenHydrated().then(() => (isResolved = true));
    await Promise.resolve();
    expect(isResolved).toBe(true);
  });
});
