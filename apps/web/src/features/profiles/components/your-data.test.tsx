import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi, callsTo } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { STORAGE_KEYS } from '../../../lib/storage';
import { YourData } from './your-data';

// The profile's "Your data" section (decision 050): download everything, delete the account.

function renderYourData() {
  logInAs();
  return renderRoutes(
    [
      { path: '/profile', element: <YourData /> },
      { path: '/', element: <p>The home page</p> },
    ],
    '/profile',
  );
}

async function openDeleteDialog(user: ReturnType<typeof renderYourData>['user']) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('the delete-account dialog', () => {
  it('asks for the password, sends it, then leaves for the home page logged out with a message', async () => {
    answerApi({ 'DELETE /api/userProfile': answer.ok(null, 'Your account has been deleted.') });
    const { router, user } = renderYourData();
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).getByText(/kept for six years/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Your password'), 'correct-horse-battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted. Goodbye!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(callsTo('DELETE', '/api/userProfile')[0]?.body).toEqual({ password: 'correct-horse-battery' });
  });

  it('asks for the password before sending anything', async () => {
    answerApi({});
    const { user } = renderYourData();
    const dialog = await openDeleteDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your password.')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/userProfile')).toHaveLength(0);
  });

  it('shows a wrong password under the field and keeps the user logged in', async () => {
    answerApi({
      'DELETE /api/userProfile': answer.fail(
        403,
        'PASSWORD_INCORRECT',
        'This password is not correct. Your account was not deleted.',
      ),
    });
    const { router, user } = renderYourData();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await within(dialog).findByText('This password is not correct. Your account was not deleted.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();
  });

  it('explains why an account with an open order cannot be deleted yet', async () => {
    answerApi({
      'DELETE /api/userProfile': answer.fail(
        409,
        'ACCOUNT_HAS_OPEN_ORDERS',
        'You have an order that is paid but not yet delivered or collected. Your account can be deleted once it is completed.',
      ),
    });
    const { user } = renderYourData();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'correct-horse-battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have an order that is paid but not yet delivered or collected. Your account can be deleted once it is completed.',
    );
    expect(localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();
  });

  it('closes on Cancel without deleting anything', async () => {
    answerApi({});
    const { user } = renderYourData();
    const dialog = await openDeleteDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/userProfile')).toHaveLength(0);
  });
});

// jsdom's Blob has no text(); its FileReader reads it.
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('Download my data', () => {
  it('saves the export as a JSON file named with its date', async () => {
    answerApi({
      'GET /api/userProfile/export': answer.ok({
        exportedAt: '2026-11-26T02:00:00.000Z',
        account: { username: 'adaobi' },
      }),
    });
    const saved: { name: string; text: Promise<string> }[] = [];
    let file: Blob | undefined;
    // jsdom has no object URLs and does not follow links: the test stands in for both.
    const urlMethods = ['createObjectURL', 'revokeObjectURL'] as const;
    const originals = urlMethods.map((name) => Object.getOwnPropertyDescriptor(URL, name));
    const originalClick = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, 'click');
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => ((file = blob), 'blob:export'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    Object.defineProperty(HTMLAnchorElement.prototype, 'click', {
      configurable: true,
      value(this: HTMLAnchorElement) {
        if (file) saved.push({ name: this.download, text: textOf(file) });
      },
    });
    try {
      const { user } = renderYourData();
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await expect.poll(() => saved.length).toBe(1);
      expect(saved[0]?.name).toBe('oja-my-data-2026-11-26.json');
      expect(JSON.parse(await saved[0]!.text)).toMatchObject({ account: { username: 'adaobi' } });
      expect(callsTo('GET', '/api/userProfile/export')).toHaveLength(1);
    } finally {
      urlMethods.forEach((name, index) => {
        const original = originals[index];
        if (original) Object.defineProperty(URL, name, original);
        else Reflect.deleteProperty(URL, name);
      });
      if (originalClick) Object.defineProperty(HTMLAnchorElement.prototype, 'click', originalClick);
      else Reflect.deleteProperty(HTMLAnchorElement.prototype, 'click');
    }
  });
});
