import type { AdminQuizCategory } from '@lumiskin/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminQuizCategoriesRoute from '@/features/admin/routes/quiz-categories';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi, reply, type FakeRequest } from '@/testing/fake-api';
import { createUser, renderWithRouter } from '@/testing/test-utils';

const category = (id: string, name: string, position: number): AdminQuizCategory => ({
  id,
  name,
  description: `${name} questions`,
  icon: 'Sparkles',
  color: '#8b5cf6',
  estimated_time: 4,
  badge_reward: `${name} badge`,
  position,
  hidden: false,
  question_count: 8,
});

const routes = () => [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [{ path: '/admin/quiz/categories', Component: AdminQuizCategoriesRoute }],
  },
];

function serveCategories() {
  const moderator = createUser({ role: 'moderator' });
  saveSession({ token: 'tok_mod', user: moderator });
  let list = [
    category('skin-basics', 'Skin Basics', 0),
    category('ingredients', 'Ingredients', 1),
    category('sun-protection', 'Sun Protection', 2),
  ];
  const sent: { method: string; url: string; body: unknown }[] = [];
  const record = ({ url, init, body }: FakeRequest) => {
    sent.push({ method: init.method ?? 'GET', url, body });
    return body as Record<string, unknown>;
  };
  fakeApi({
    'GET /api/auth/me': () => ({ user: moderator }),
    'GET /api/admin/quiz/categories': () => ({ categories: list }),
    'PUT /api/admin/quiz/categories/order': (request) => {
      const ids = record(request).ids as string[];
      list = ids.map((id, position) => ({ ...list.find((c) => c.id === id)!, position }));
      return { categories: list };
    },
    'PATCH /api/admin/quiz/categories/:id': (request) => {
      const body = record(request);
      const id = request.url.split('/').at(-1)!;
      list = list.map((c) => (c.id === id ? { ...c, ...body } : c));
      return list.find((c) => c.id === id)!;
    },
    'POST /api/admin/quiz/categories': (request) => {
      const body = record(request);
      const created = {
        ...category(String(body.id), String(body.name), list.length),
        ...body,
      } as AdminQuizCategory;
      list = [...list, created];
      return reply('POST /api/admin/quiz/categories', created, 201);
    },
  });
  return sent;
}

describe('admin quiz categories', () => {
  it('moves a category up: the whole new order is sent and shown', async () => {
    const sent = serveCategories();
    const { user } = renderWithRouter(routes, '/admin/quiz/categories');
    await user.click(await screen.findByRole('button', { name: 'Move Sun Protection up' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          url: '/api/admin/quiz/categories/order',
          body: { ids: ['skin-basics', 'sun-protection', 'ingredients'] },
        },
      ]),
    );
    await waitFor(() => {
      const names = within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
      expect(names[1]).toContain('Sun Protection');
    });
    expect(screen.getByRole('button', { name: 'Move Skin Basics up' })).toBeDisabled();
  });

  it('hides a category with one click, marked hidden after', async () => {
    const sent = serveCategories();
    const { user } = renderWithRouter(routes, '/admin/quiz/categories');
    await user.click(await screen.findByRole('button', { name: 'Hide Ingredients' }));
    expect(await screen.findByRole('button', { name: 'Show Ingredients' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/quiz/categories/ingredients',
        body: { hidden: true },
      },
    ]);
    expect(screen.getByText('hidden')).toBeInTheDocument();
  });

  it('edits a category with the contract’s checks and a live player preview', async () => {
    const sent = serveCategories();
    const { user } = renderWithRouter(routes, '/admin/quiz/categories');
    await user.click(await screen.findByRole('button', { name: 'Edit Skin Basics' }));
    const preview = screen.getByLabelText('Player preview');
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Skin 101');
    expect(within(preview).getByText('Skin 101')).toBeInTheDocument();
    const colour = screen.getByLabelText('Colour');
    await user.clear(colour);
    await user.type(colour, 'purple');
    await user.click(screen.getByRole('button', { name: 'Save category' }));
    expect(await screen.findByText('A colour like #8b5cf6')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(colour);
    await user.type(colour, '#14b8a6');
    await user.selectOptions(screen.getByLabelText('Icon'), 'Sun');
    await user.click(screen.getByRole('button', { name: 'Save category' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          url: '/api/admin/quiz/categories/skin-basics',
          body: {
            name: 'Skin 101',
            description: 'Skin Basics questions',
            icon: 'Sun',
            color: '#14b8a6',
            estimated_time: 4,
            badge_reward: 'Skin Basics badge',
            hidden: false,
          },
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Quiz categories' })).toBeInTheDocument();
  });
});
