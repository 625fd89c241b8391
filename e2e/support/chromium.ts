import { existsSync } from 'node:fs';

// The system Chromium; playwright-core never downloads a browser. Chromium's headless shell first (Debian's
// `chromium-headless-shell`): the same Blink and V8 without the desktop browser's windowing layer, what
// Playwright itself runs for headless tests. The journeys took half the CPU in it (164 CPU-seconds against 296
// with `chromium`, decision 043); the full browser still works.
const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium(): string {
  const found = candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install it (Debian/Ubuntu: ' +
        '`sudo apt-get install -y chromium-headless-shell`, or `chromium`) or set CHROMIUM_PATH to a Chromium or ' +
        'Chrome binary. See README.md, "Test it".',
    );
  }
  return found;
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
