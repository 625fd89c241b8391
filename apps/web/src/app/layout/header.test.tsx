import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { resetLiveEventsForTests } from '../../lib/live-events';
import { STORAGE_KEYS } from '../../lib/storage';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source';
import { answer, answerApi } from '../../test/api';
import { headerAnswers, logInAs, profileOf, renderRoutes } from '../../test/render-routes';
import { Header } from './header';

const routes = [{ path: '*', element: <Header /> }];

const now = '2025-01-01T10:00:00.000Z';
const notification = (id: string, read: boolean) => ({
  id,
  message: 'Welcome',
  code: 'TEXT' as const,
  params: { text: 'Welcome' },
  read,
  createdAt: now,
});

const me = profileOf({
  notifications: [
    notification('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a01', false),
    notification('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a02', false),
    notification('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a03', true),
  ],
});

// The hamburger: a <summary>, which the browser opens and closes and whose state it tells a screen reader,
// before any script (testing-library gives it no role).
function menuToggle() {
  const summary = screen.getByText('Toggle navigation').closest('summary');
  if (!summary) throw new Error('the hamburger is not a <summary>');
  return summary;
}

// The hamburger's <details> is open (the stylesheet then shows the menu).
function isMenuOpen() {
  return menuToggle().closest('details')?.open;
}

afterEach(async () => {
  resetLiveEventsForTests();
  await changeLanguage('en');
});

describe('header', () => {
  it('offers Sign up and Log in to a visitor', () => {
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows the unread count, the profile link and Log out to a logged-in user', async () => {
    logInAs();
    const { callsTo } = answerApi(headerAnswers(me));
    renderRoutes(routes);

    const notifications = await screen.findByRole('link', { name: /notifications/i });
    expect(await within(notifications).findByText('2 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your profile: adaobi' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/userProfile/profile')[0]?.headers.get('Authorization')).toBe(
      'Bearer user-token',
    );
  });

  it('logs out: the session ends on the server, is cleared here, and Log in comes back', async () => {
    logInAs();
    const { callsTo } = answerApi({
      ...headerAnswers(me),
      'POST /api/users/logout': answer.ok(null, 'Logged out.'),
    });
    const { user } = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    const [logoutCall] = callsTo('POST', '/api/users/logout');
    expect(logoutCall?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('navigates to /search?q= from the search box', async () => {
    const { user, router } = renderRoutes(routes);
    await user.type(screen.getByRole('searchbox', { name: 'Search for items' }), 'red dress{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=red+dress');
  });

  it('switches to French, changes the text and remembers the choice', async () => {
    const { user } = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('button', { name: /Français/ }));

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "S'inscrire" })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('opens the menu behind the hamburger and folds it away once a link is chosen', async () => {
    const { user, router } = renderRoutes(routes);
    const toggle = menuToggle();
    expect(isMenuOpen()).toBe(false);
    expect(toggle).toHaveAttribute('aria-controls', 'main-navigation');

    await user.click(toggle);
    expect(isMenuOpen()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(isMenuOpen()).toBe(false);
  });

  it('moves through the languages with the arrow keys and closes on Escape, back on its button', async () => {
    const { user } = renderRoutes(routes);
    const languageButton = screen.getByRole('button', { name: 'Language: English' });
    languageButton.focus();

    await user.keyboard('{ArrowDown}');
    expect(languageButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'EN · English' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'FR · Français' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'ES · Español' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(languageButton).toHaveAttribute('aria-expanded', 'false');
    expect(languageButton).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Français/ })).not.toBeInTheDocument();
  });

  it('shows how many items are in the cart', () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        {
          productId: 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61',
          title: 'Phone',
          picture: null,
          price: 45000,
          quantity: 1,
        },
        {
          productId: 'b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62',
          title: 'Dress',
          picture: null,
          price: 7500,
          quantity: 1,
        },
      ]),
    );
    renderRoutes(routes);
    const cartLink = screen.getByRole('link', { name: /Cart/ });
    expect(cartLink).toHaveAttribute('href', '/cart');
    expect(within(cartLink).getByText('2 in your cart')).toBeInTheDocument();
  });

  it('keeps the search box and the bell with its count outside the menu, so phones always show them', async () => {
    logInAs();
    answerApi(headerAnswers(me));
    renderRoutes(routes);
    const menu = document.getElementById('main-navigation');
    const bell = await screen.findByRole('link', { name: /^Notifications\s*2 unread$/ });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(menu).not.toContainElement(bell);
    expect(menu).not.toContainElement(screen.getByRole('searchbox', { name: 'Search for items' }));
    expect(isMenuOpen()).toBe(false);
  });

  it('folds the menu away when a search is sent', async () => {
    const { user, router } = renderRoutes(routes);
    const toggle = menuToggle();
    await user.click(toggle);
    expect(isMenuOpen()).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Search for items' }), 'lamp{Enter}');
    expect(router.state.location.search).toBe('?q=lamp');
    expect(isMenuOpen()).toBe(false);
  });

  it('does not offer Log in and Sign up while an admin is logged in; it links to their dashboard', () => {
    localStorage.setItem(STORAGE_KEYS.adminSession, JSON.stringify({ token: 'admin-token' }));
    renderRoutes(routes);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute('href', '/adminDashboard');
  });

  it('updates the unread count when a notification arrives live, without a reload, and again when read elsewhere', async () => {
    logInAs();
    stubEventSource();
    let profile = me;
    const { callsTo } = answerApi({
      ...headerAnswers(),
      'GET /api/userProfile/profile': () => answer.ok(profile, 'Profile fetched successfully.'),
      'POST /api/events/ticket': answer.ok({ ticket: 'ticket-1', expiresInSeconds: 60 }),
    });
    renderRoutes(routes);
    const bell = await screen.findByRole('link', { name: /^Notifications\s*2 unread$/ });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.latest();
    act(() => stream.send('ready', { resumed: false }, '10'));

    const fresh = {
      ...notification('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a04', false),
      message: 'Your listing was approved',
    };
    act(() => stream.send('notification', { notification: fresh, unread: 3 }, '11'));
    expect(await within(bell).findByText('3 unread')).toBeInTheDocument();
    // Straight from the event: the profile was read once, when the page opened.
    expect(callsTo('GET', '/api/userProfile/profile')).toHaveLength(1);

    // Read in another tab: the profile is read again.
    profile = profileOf({ notifications: me.notifications.map((item) => ({ ...item, read: true })) });
    act(() => stream.send('notifications-read', { unread: 0 }, '12'));
    await vi.waitFor(() => expect(within(bell).queryByText(/unread/)).not.toBeInTheDocument());
    expect(callsTo('GET', '/api/userProfile/profile')).toHaveLength(2);
  });

  it('says a moderation result in a toast when it arrives on another page, and not on the notifications page', async () => {
    logInAs();
    stubEventSource();
    answerApi({
      ...headerAnswers(),
      'GET /api/userProfile/profile': () => answer.ok(me, 'Profile fetched successfully.'),
      'POST /api/events/ticket': answer.ok({ ticket: 'ticket-1', expiresInSeconds: 60 }),
    });
    const { router } = renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: /^Notifications\s*2 unread$/ });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.latest();
    act(() => stream.send('ready', { resumed: false }, '10'));
    const result = (id: string, title: string) => ({
      ...notification(id, false),
      message: `Your listing "${title}" was approved and is now visible to buyers.`,
      code: 'LISTING_APPROVED' as const,
      params: { title, productId: 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61' },
    });
    act(() =>
      stream.send(
        'notification',
        { notification: result('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a05', 'Blue lamp'), unread: 3 },
        '11',
      ),
    );
    expect(
      await screen.findByText('Your listing "Blue lamp" was approved and is now visible to buyers.'),
    ).toBeInTheDocument();

    // On the notifications page the list itself shows it: no toast.
    await act(() => router.navigate('/notifications'));
    act(() =>
      stream.send(
        'notification',
        { notification: result('0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a06', 'Red kettle'), unread: 4 },
        '12',
      ),
    );
    await screen.findByRole('link', { name: /^Notifications\s*4 unread$/ });
    expect(screen.queryByText(/Red kettle/)).not.toBeInTheDocument();
  });
});
