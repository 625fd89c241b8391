import { join } from 'node:path';
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';

// The stylesheets as the build writes them (vite.config.ts: Bootstrap from node_modules).
function compiled(file: string) {
  return compile(join(import.meta.dirname, file), {
    loadPaths: [join(import.meta.dirname, '../../../../node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    style: 'compressed',
  }).css;
}

// The last rule of the sheet for the selector (the one that wins).
function ruleFor(css: string, selector: string) {
  const rule = css.split('}').findLast((part) => part.split('{')[0]!.split(',').includes(selector));
  return rule?.split('{')[1] ?? '';
}

describe('the focus ring', () => {
  // Compiling the whole stylesheet twice takes about 6 s alone on a slow two-core machine, and more beside the
  // other suites: past 30 s once in CI, while other tests ran beside it.
  it('is a solid 2px outline with a gap on links, buttons, nav links, radio buttons and checkboxes', () => {
    const main = compiled('./main.scss');
    const forms = compiled('./forms.scss');
    for (const [css, selector] of [
      [main, ':focus-visible'],
      [main, '.btn:focus-visible'],
      [main, '.nav-link:focus-visible'],
      [forms, '.form-check-input:focus-visible'],
    ] as const) {
      const rule = ruleFor(css, selector);
      expect({ selector, rule }).toEqual({
        selector,
        rule: expect.stringMatching(/outline:2px solid #1f2d26;outline-offset:2px/) as string,
      });
    }
    // Nothing later in the same sheet takes the ring away from a radio button again.
    expect(forms.lastIndexOf('.form-check-input:focus-visible')).toBeGreaterThan(
      forms.lastIndexOf('.form-check-input:focus{'),
    );
  }, 60_000);
});
