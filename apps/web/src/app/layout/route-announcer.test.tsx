import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteAnnouncer, UNTITLED } from '@/app/layout/route-announcer';
import { renderWithRouter } from '@/testing/test-utils';

function Page({ title, heading }: { title?: string; heading: string }) {
  return (
    <main>
      {title ? <title>{title}</title> : null}
      <h1>{heading}</h1>
      <Link to="/shop">To the shop</Link>
      <Link to="/untitled">To an untitled page</Link>
      <Link to="/dashboard?tab=week">Another tab</Link>
      <RouteAnnouncer />
    </main>
  );
}

const routes = [
  { path: '/dashboard', element: <Page title="Dashboard — Lumiskin" heading="Welcome back" /> },
  { path: '/shop', element: <Page title="Shop — Lumiskin" heading="The Lumiskin Shop" /> },
  { path: '/untitled', element: <Page heading="A page without a title" /> },
];

const announced = () => document.getElementById('route-announcer');

describe('RouteAnnouncer', () => {
  beforeEach(() => {
    document.title = UNTITLED;
  });

  it('says nothing for the page the browser loaded', async () => {
    renderWithRouter(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced()).toHaveTextContent(/^$/);
    expect(announced()).toHaveAttribute('aria-live', 'assertive');
  });

  it('says the new page’s title when a link moves to it', async () => {
    const { user } = renderWithRouter(routes, '/dashboard');
    await user.click(await screen.findByRole('link', { name: 'To the shop' }));
    expect(await screen.findByRole('heading', { name: 'The Lumiskin Shop' })).toBeInTheDocument();
    await vi.waitFor(() => expect(announced()).toHaveTextContent('Shop — Lumiskin'));
  });

  it('names a page that sets no title by its main heading, after waiting for a title', async () => {
    const { user } = renderWithRouter(routes, '/dashboard');
    await user.click(await screen.findByRole('link', { name: 'To an untitled page' }));
    await screen.findByRole('heading', { name: 'A page without a title' });
    // It waits for a title that may still come with the page's data…
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(announced()).toHaveTextContent(/^$/);
    // …then says the heading.
    await vi.waitFor(() => expect(announced()).toHaveTextContent('A page without a title'), {
      timeout: 2_000,
    });
  });

  it('says nothing when only the query string changes', async () => {
    const { user } = renderWithRouter(routes, '/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Another tab' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced()).toHaveTextContent(/^$/);
  });
});
