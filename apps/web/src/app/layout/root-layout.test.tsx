import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import { renderRoutes } from '../../test/render-routes';
import { RootLayout } from './root-layout';

function FirstPage() {
  return (
    <>
      <h1>First page</h1>
      <Link to="/second">To the second page</Link>
      <Link to="/slow">To a slow page</Link>
      <Link to="/?sort=new">Same page, sorted</Link>
    </>
  );
}

// A page whose heading comes only once its content has loaded.
function SlowPage() {
  const [isLoaded, setLoaded] = useState(false);
  return isLoaded ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      Finish loading
    </button>
  );
}

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <FirstPage /> },
      { path: 'second', element: <h1>Second page</h1> },
      { path: 'slow', element: <SlowPage /> },
    ],
  },
];

afterEach(async () => {
  await changeLanguage('en');
});

describe('root layout', () => {
  it('leaves focus alone on the first page, and moves it to the new heading after a navigation', async () => {
    const { user } = renderRoutes(routes, '/');
    expect(screen.getByRole('heading', { name: 'First page' })).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'To the second page' }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toHaveFocus();
  });

  it('waits for a heading that appears once the page has loaded', async () => {
    const { user } = renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'To a slow page' }));
    await user.click(await screen.findByRole('button', { name: 'Finish loading' }));
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toHaveFocus();
  });

  it('keeps focus where it is when only the query changes (a filter, a sort)', async () => {
    const { user, router } = renderRoutes(routes, '/');
    const sortLink = screen.getByRole('link', { name: 'Same page, sorted' });
    await user.click(sortLink);
    expect(router.state.location.search).toBe('?sort=new');
    expect(screen.getByRole('heading', { name: 'First page' })).not.toHaveFocus();
  });

  it("names the toast region in the reader's language", async () => {
    await changeLanguage('fr');
    renderRoutes(routes, '/');
    toast.info('Bonjour');
    const region = await screen.findByRole('region', { name: /^Messages/ });
    expect(await within(region).findByText('Bonjour')).toBeInTheDocument();
  });
});
