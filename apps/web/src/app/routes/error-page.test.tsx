import { act, screen } from '@testing-library/react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_RELOAD_KEY, CODE_RELOAD_WINDOW_MS, RouteErrorPage } from '@/app/routes/error-page';
import { reloadPage } from '@/lib/platform/leave';
import { renderWithRouter } from '@/testing/test-utils';

vi.mock('@/lib/platform/leave', () => ({ leaveFor: vi.fn(), reloadPage: vi.fn() }));

/** How Chromium rejects the import of a page's code whose file the server no longer has. */
const codeGone = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: https://lumiskin.test/assets/learn-BRu_XSkj.js',
  );

/** An app with a home page linking to /learn, whose code fails to load as `fail` says. */
function appWhere(fail: () => Error) {
  const routes: RouteObject[] = [
    {
      Component: Outlet,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, Component: () => <Link to="/learn">Learn & Glow</Link> },
        {
          path: '/learn',
          lazy: () => Promise.reject(fail()),
        },
      ],
    },
  ];
  return renderWithRouter(routes, '/');
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('RouteErrorPage: a page whose code cannot load (decision 188)', () => {
  it('loads the page again, once, when a new deploy took its code away', async () => {
    const { user, router } = appWhere(codeGone);
    await user.click(screen.getByRole('link', { name: 'Learn & Glow' }));

    expect(await screen.findByRole('status', { name: /latest version/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learn'); // the reload opens the page asked for
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('does not loop: failing again right after its reload, it shows the error and a Reload button', async () => {
    sessionStorage.setItem(CODE_RELOAD_KEY, JSON.stringify({ pathname: '/learn', at: Date.now() }));
    const { user } = appWhere(codeGone);
    await user.click(screen.getByRole('link', { name: 'Learn & Glow' }));

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('tries again once the last reload for that page is a minute old', async () => {
    sessionStorage.setItem(
      CODE_RELOAD_KEY,
      JSON.stringify({ pathname: '/learn', at: Date.now() - CODE_RELOAD_WINDOW_MS }),
    );
    const { user } = appWhere(codeGone);
    await user.click(screen.getByRole('link', { name: 'Learn & Glow' }));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('offline, says so and opens the page when the connection comes back', async () => {
    online = false;
    const { user } = appWhere(codeGone);
    await user.click(screen.getByRole('link', { name: 'Learn & Glow' }));

    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('any other failure shows the error page and reloads nothing by itself', async () => {
    const { user } = appWhere(() => new Error('Cannot read properties of undefined'));
    await user.click(screen.getByRole('link', { name: 'Learn & Glow' }));

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
