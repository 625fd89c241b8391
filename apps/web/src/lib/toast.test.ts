import { afterEach, expect, it, vi } from 'vitest';

// The page's words only (decision 072): the whole words come when `arrive()` is called.
const words = vi.hoisted(() => {
  const state = { hasAll: false, arrive: () => {} };
  const complete = new Promise<void>((resolve) => {
    state.arrive = () => {
      state.hasAll = true;
      resolve();
    };
  });
  return { state, complete };
});
vi.mock('../i18n/i18n', () => ({
  i18n: {
    get hasAllWords() {
      return words.state.hasAll;
    },
    completeWords: () => words.complete,
  },
}));
const shown = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { success: shown, info: shown, warning: shown, error: shown } }));

const { toast } = await import('./toast');

afterEach(() => shown.mockClear());

it('reads a message given as a function once the whole words have come, and a text at once', async () => {
  let text = '';
  toast.warning(() => text, { id: 'LOGIN_REQUIRED' });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(shown).not.toHaveBeenCalled();

  text = 'Please login first';
  words.state.arrive();
  await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('Please login first', { id: 'LOGIN_REQUIRED' }));

  toast.success('Saved');
  await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('Saved', undefined));
});
