import { afterEach, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { ApiError } from './api-client';
import { createQueryClient, showErrorToast } from './query-client';
import { toast } from './toast';

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

it('shows a failure by its code in the reader’s language, at once', async () => {
  await changeLanguage('fr');
  const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  showErrorToast(
    new ApiError({
      ok: false,
      message: 'Passwords do not match.',
      error: { code: 'PASSWORDS_DO_NOT_MATCH' },
      status: 422,
    }),
  );
  expect(error).toHaveBeenCalledWith('Les mots de passe ne correspondent pas.', {
    id: 'PASSWORDS_DO_NOT_MATCH',
  });
});

it('shows a success’s English sentence in the reader’s language once the server’s sentences are loaded', async () => {
  await changeLanguage('fr');
  const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  const client = createQueryClient();
  await client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.resolve({ message: 'All fields are required' }) })
    .execute(undefined);
  await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Tous les champs sont obligatoires'));
});
