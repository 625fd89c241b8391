import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes, sessionUser } from '../../../test/render-routes';
import { RegisterRoute } from '../routes/register';

const registered = (token: string) =>
  answer.ok({ token, user: sessionUser }, 'Your account has been created.', { status: 201 });

const routes = [
  { path: '/register', element: <RegisterRoute /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/cart', element: <p>Cart page</p> },
];

function renderRegister(address = '/register') {
  const rendered = renderRoutes(routes, address);
  const { user } = rendered;
  const field = (name: RegExp) => screen.getByLabelText(name);
  async function fillValidForm() {
    await user.type(field(/full name/i), 'Ada Obi');
    await user.type(field(/^username/i), 'adaobi');
    await user.type(field(/email address/i), 'Ada@Example.com');
    await user.type(field(/^password/i), 'correct horse');
    await user.type(field(/confirm password/i), 'correct horse');
  }
  async function submit() {
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }
  return { ...rendered, field, fillValidForm, submit };
}

describe('register form', () => {
  it("shows 'All fields are required' for the empty fields and sends nothing", async () => {
    const { calls } = answerApi({ 'POST /api/users/register': registered('new-token') });
    const { submit } = renderRegister();
    await submit();
    expect(await screen.findAllByText('All fields are required')).toHaveLength(5);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Passwords do not match.' when the confirmation differs", async () => {
    const { calls } = answerApi({ 'POST /api/users/register': registered('new-token') });
    const { user, field, fillValidForm, submit } = renderRegister();
    await fillValidForm();
    await user.type(field(/confirm password/i), ' typo');
    await submit();
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(field(/confirm password/i)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("refuses a username that is an email address with 'Username cannot be an email address.'", async () => {
    const { user, field, submit } = renderRegister();
    await user.type(field(/^username/i), 'ada@example.com');
    await submit();
    expect(await screen.findByText('Username cannot be an email address.')).toBeInTheDocument();
  });

  it('requires both the promotions and the terms checkboxes', async () => {
    const { calls } = answerApi({ 'POST /api/users/register': registered('new-token') });
    const { fillValidForm, submit } = renderRegister();
    await fillValidForm();
    await submit();
    expect(await screen.findByText('Please agree to receive promotions and discounts.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('prefills the referral code from ?ref=', () => {
    renderRegister('/register?ref=ABC123');
    expect(screen.getByLabelText(/referral code/i)).toHaveValue('ABC123');
  });

  it('logs the new user in, says so and goes home after a successful registration', async () => {
    const { calls } = answerApi({ 'POST /api/users/register': registered('new-token') });
    const { user, field, fillValidForm, submit } = renderRegister('/register?ref=abc123');
    await fillValidForm();
    await user.click(field(/promotions/i));
    await user.click(field(/terms/i));
    await submit();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been created.')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/users/register');
    expect(calls[0]?.body).toEqual({
      fullName: 'Ada Obi',
      username: 'adaobi',
      email: 'ada@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      referredBy: 'ABC123',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({
      token: 'new-token',
    });
  });

  it("keeps everything typed and shows the server's message when registration is refused", async () => {
    answerApi({
      'POST /api/users/register': answer.fail(
        409,
        'EMAIL_TAKEN',
        'An account with this email already exists.',
      ),
    });
    const { user, field, fillValidForm, submit } = renderRegister();
    await fillValidForm();
    await user.click(field(/promotions/i));
    await user.click(field(/terms/i));
    await submit();

    const toasts = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(field(/full name/i)).toHaveValue('Ada Obi');
    expect(field(/^password/i)).toHaveValue('correct horse');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('links the terms and the privacy policy, each opening beside the form', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: /terms and conditions/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAccessibleName(/^terms and conditions\s*\(opens in a new tab\)$/);
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ })).not.toBeChecked();
  });

  it('keeps ?redirect= on the Log in link, and goes there once registered', async () => {
    answerApi({ 'POST /api/users/register': registered('t') });
    const { user, field, fillValidForm, submit } = renderRegister('/register?redirect=%2Fcart');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
    await fillValidForm();
    await user.click(field(/promotions/i));
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await submit();
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
  });

  it('does not pass on a redirect to another site', () => {
    renderRegister('/register?redirect=%2F%2Fevil.example');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
