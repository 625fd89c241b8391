import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { LANGUAGES } from '@marketplace/shared/constants';
import { allWords } from '../i18n/all-words';
import { i18n } from '../i18n/i18n';
import { resetApi, server, TEST_HEADER, testNumber } from './api';

// Pages are lazy chunks: the first time a test loads one, Vite transforms it, which can take longer
// than Testing Library's 1 s default, and several seconds on a busy machine (the whole app's router, say).
// On the slowest machines seen, beside the API suite and the journeys, a form test took 13 s: the limits only
// catch a hang, so they leave twice that.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

// The fake API (test/api.ts). A request the test did not answer fails it: the page itself would only show
// a network failure, which the test might not notice.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  const interceptedFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    // Each request names the test whose page started it (test/api.ts).
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(TEST_HEADER, String(testNumber()));
    const body = init?.body instanceof FormData ? await toNodeForm(init.body) : init?.body;
    return interceptedFetch(input, { ...init, headers, ...(body === undefined ? {} : { body }) });
  };
});
afterAll(() => server.close());

// Node's fetch sends a jsdom File as a nameless 'blob': the same form, rebuilt with Node's FormData and
// Blob and each file's name, reaches the fake API as a browser would send it.
const NodeFormData = (
  await new Response('', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData()
).constructor as typeof FormData;
async function toNodeForm(form: FormData): Promise<FormData> {
  const nodeForm = new NodeFormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') nodeForm.append(name, value);
    else
      nodeForm.append(name, new NodeBlob([await bytesOf(value)], { type: value.type }) as Blob, value.name);
  }
  return nodeForm;
}

// jsdom's Blob has no arrayBuffer(); its FileReader reads it.
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

afterEach(() => {
  cleanup();
  // The toaster keeps its toasts in module state: without this, one test's toasts show in the next.
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
  server.resetHandlers();
  const unanswered = resetApi();
  if (unanswered.length > 0) {
    throw new Error(
      `The page made requests no test answered (add them to answerApi): ${unanswered.join(', ')}`,
    );
  }
});

// The words the browser fetches as files (decision 064) are at hand here, as on the server: a page renders
// in its language at once.
for (const language of LANGUAGES) i18n.addWords(language, allWords[language]);

// jsdom does not scroll; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
