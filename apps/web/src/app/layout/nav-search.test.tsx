import type { SearchResponse } from '@lumiskin/contract/search';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavSearch } from '@/app/layout/nav-search';
import { fakeApi } from '@/testing/fake-api';
import { LocationProbe, renderWithRouter } from '@/testing/test-utils';

const results: SearchResponse = {
  q: 'retinol',
  products: [
    {
      id: 'renewlift',
      name: 'RenewLift',
      short_description: 'Retinal night booster.',
      type: 'booster',
      image: '/images/products/renewlift.svg',
    },
  ],
  articles: [
    {
      slug: 'retinoids-a-beginners-guide',
      title: "Retinoids: A Beginner's Guide",
      excerpt: 'Start low.',
      category: 'Ingredients',
    },
  ],
  quiz_categories: [{ id: 'ingredients', name: 'Ingredients', description: 'Actives.' }],
};

function setup() {
  const fetch = fakeApi({
    'GET /api/search': ({ url }) => ({
      ...results,
      q: decodeURIComponent(url.split('q=')[1] ?? ''),
    }),
  });
  const view = renderWithRouter(
    [
      { path: '/', element: <NavSearch /> },
      { path: '*', element: <LocationProbe label="Page" /> },
    ],
    '/',
  );
  return { ...view, fetch };
}

describe('NavSearch', () => {
  it('searches as you type, groups results by kind, and is driven by the keyboard', async () => {
    const { user, fetch } = setup();
    const box = screen.getByRole('combobox', { name: 'Search Lumiskin' });
    await user.type(box, 'retinol');

    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await within(listbox).findByRole('option', { name: /RenewLift/ })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map((g) => g.textContent?.match(/^(Products|Articles|Quiz categories)/)?.[0]),
    ).toEqual(['Products', 'Articles', 'Quiz categories']);
    expect(fetch).toHaveBeenCalledWith('/api/search?q=retinol', expect.anything());

    // Arrow keys move the highlight; the box keeps focus and names the active option.
    await user.keyboard('{ArrowDown}');
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true'); // wraps to the last
    expect(box).toHaveFocus();

    // Escape closes the list, a second Escape clears the box.
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('retinol');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('Enter opens the highlighted result and remembers the search for next time', async () => {
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'Search Lumiskin' });
    await user.type(box, 'retinol');
    await screen.findByRole('option', { name: /Beginner/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(
      await screen.findByText('Page at /learn/retinoids-a-beginners-guide'),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('lumiskin_recent_searches') ?? '[]')).toEqual([
      'retinol',
    ]);
  });

  it('offers recent searches in an empty box; choosing one searches it again', async () => {
    localStorage.setItem('lumiskin_recent_searches', JSON.stringify(['vitamin c', 'spf']));
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'Search Lumiskin' });
    await user.click(box);
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(within(listbox).getByRole('group', { name: 'Recent searches' })).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['vitamin c', 'spf']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveValue('spf');
    await waitFor(() =>
      expect(screen.getByRole('listbox', { name: 'Search results' })).toHaveTextContent(
        'RenewLift',
      ),
    );
  });
});
