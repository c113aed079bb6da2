import { ArticleBody, type AdminArticle } from '@lumiskin/contract/admin';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminArticlesRoute from '@/features/admin/routes/articles';
import { DEFAULT_LOCALE, setLocale } from '@/lib/format';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi, refusedBy } from '@/testing/fake-api';
import { createUser, renderWithRouter } from '@/testing/test-utils';

const published: AdminArticle = {
  id: '0b6f5d9e-3f7a-4c1e-9b7a-2d1c0e9f8a71',
  slug: 'retinoids-without-the-drama',
  title: 'Retinoids without the drama',
  excerpt: 'Start low, go slow.',
  content: '# Retinoids\n\nStart low.',
  category: 'Ingredients',
  tags: ['retinoids'],
  author: 'Lumiskin team',
  featured: false,
  image: '/images/blog/retinoids.svg',
  status: 'published',
  published_at: '2026-08-12T09:00:00.000Z',
  updated_at: '2026-09-03T10:00:00.000Z',
  views: 120,
  likes: 7,
};

describe('admin articles', () => {
  it('edits an article without sending its id, counters or a new date', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const put: unknown[] = [];
    fakeApi({
      'GET /api/admin/articles': () => ({ articles: [published] }),
      'POST /api/admin/articles/preview': () => ({ html: '<h1>Retinoids</h1>' }),
      'PUT /api/admin/articles/:id': ({ body }) => {
        put.push(body);
        return { ...published, ...ArticleBody.parse(body), published_at: published.published_at };
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/admin/articles', Component: AdminArticlesRoute }],
      '/admin/articles',
    );
    // The list shows both dates, in the session's locale (en-GB here).
    expect(
      (await screen.findAllByText(/Published · 12 Aug 2026 · updated 3 Sept? 2026/))[0],
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(put).toHaveLength(1));
    // Exactly the form's fields: no id, views, likes or updated_at, and no published_at, so the
    // server keeps the publication date (decision 076).
    expect(put[0]).toEqual({
      slug: published.slug,
      title: 'Retinoids without the drama!',
      excerpt: published.excerpt,
      content: published.content,
      category: published.category,
      tags: ['retinoids'],
      author: published.author,
      featured: false,
      image: published.image,
      status: 'published',
    });
  });

  it('names each field the server refused below it, not in a toast of one bare word', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const posted: unknown[] = [];
    fakeApi({
      'GET /api/admin/articles': () => ({ articles: [] }),
      'POST /api/admin/articles/preview': () => ({ html: '' }),
      // Refused as the server refuses: the contract's messages, one per field.
      'POST /api/admin/articles': ({ body }) => {
        posted.push(body);
        return refusedBy(ArticleBody, body);
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/admin/articles', Component: AdminArticlesRoute }],
      '/admin/articles',
    );
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    await user.type(screen.getByLabelText('Title'), 'Sunscreen, simply');
    await user.click(screen.getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const slug = screen.getByLabelText('Slug');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Excerpt')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Markdown')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(
      await screen.findByText('The article was not saved. Check the fields marked below.'),
    ).toBeInTheDocument();
    // A field typed into again is no longer marked; the others still are.
    await user.type(slug, 'sunscreen-simply');
    expect(slug).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Excerpt')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the list dates in the visitor’s locale', async () => {
    setLocale('en-US');
    try {
      saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
      fakeApi({ 'GET /api/admin/articles': () => ({ articles: [published] }) });
      renderWithRouter(
        [{ path: '/admin/articles', Component: AdminArticlesRoute }],
        '/admin/articles',
      );
      expect(
        (await screen.findAllByText(/Published · Aug 12, 2026 · updated Sep 3, 2026/))[0],
      ).toBeVisible();
    } finally {
      setLocale(DEFAULT_LOCALE);
    }
  });
});
