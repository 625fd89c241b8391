import { render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { FieldError } from './field-error';

afterEach(async () => {
  await changeLanguage('en');
});

it('shows a message code in the reader’s language at once', async () => {
  await changeLanguage('fr');
  render(<FieldError id="password-error" message="PASSWORDS_DO_NOT_MATCH" />);
  expect(screen.getByRole('alert').textContent).toBe('Les mots de passe ne correspondent pas.');
});

it('shows one of the API’s English sentences in the reader’s language once the sentences are loaded', async () => {
  await changeLanguage('fr');
  render(<FieldError id="fields-error" message="All fields are required" />);
  expect(await screen.findByText('Tous les champs sont obligatoires')).toHaveAttribute('role', 'alert');
});

it('shows a sentence it does not know as the server wrote it', () => {
  render(<FieldError id="other-error" message="Something new the API says." />);
  expect(screen.getByRole('alert').textContent).toBe('Something new the API says.');
});
