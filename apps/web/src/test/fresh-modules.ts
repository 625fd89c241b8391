import { vi } from 'vitest';

// The web project runs its files without isolation (vitest.config.ts, decision 037): a worker keeps jsdom
// and the packages it loaded (React, Testing Library, MSW…) from one test file to the next. Our own
// modules, the app's and the test helpers', start afresh for each file as they would in a new page load (the
// page's first-view data is read once per load, the fake API holds its server and answers). This is its own
// setup file, run before setup.ts: setup.ts's imports would otherwise load before the reset and the test
// file would use other copies of them.
vi.resetModules();

// What a new page load starts without, in the one jsdom the files share: the cookies (the language one),
// the storage, the document's head and body, and its language.
for (const cookie of document.cookie.split('; ')) {
  const name = cookie.split('=')[0];
  if (name) document.cookie = `${name}=; path=/; max-age=0`;
}
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.documentElement.removeAttribute('lang');
