import { vi } from 'vitest';

// The API project runs its files without isolation (vitest.config.ts, decision 034): a worker keeps the
// packages it loaded (Fastify, PGlite, sharp…) from one test file to the next. Our own modules, the app's and
// the test helpers', start afresh for each file as they would in a new process: helpers such as
// test/products.ts register their hooks and hold their app when a file imports them.
vi.resetModules();
