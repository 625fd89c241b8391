import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirectPath('/profile?tab=orders')).toBe('/profile?tab=orders');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'profile', '', null, undefined])(
    'falls back to home for %s',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/');
    },
  );
});
