import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Pages are lazy chunks: the first time a test loads one, Vite transforms it, which can take longer
// than Testing Library's 1 s default, and several seconds on a busy machine (the whole app's router, say).
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // The toaster keeps its toasts in module state: without this, one test's toasts show in the next.
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom does not scroll; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
