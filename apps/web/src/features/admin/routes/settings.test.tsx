import type { AdminSettings } from '@lumiskin/contract/settings';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminSettingsRoute from '@/features/admin/routes/settings';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';

const routes = () => [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [{ path: '/admin/settings', Component: AdminSettingsRoute }],
  },
];

const initial: AdminSettings = {
  announcement: '',
  signups_open: true,
  scans_open: true,
  changes: {
    scans_open: { updated_at: '2026-11-20T09:00:00.000Z', updated_by: 'Ada Admin' },
  },
};

describe('admin settings', () => {
  it(
    'an admin saves only what changed; the public settings go stale',
    { timeout: 15_000 },
    async () => {
      const admin = createUser({ role: 'admin' });
      saveSession({ token: 'tok_admin', user: admin });
      let settings = initial;
      const sent: unknown[] = [];
      fakeApi({
        'GET /api/auth/me': () => ({ user: admin }),
        'PUT /api/admin/settings': ({ body: sentBody }) => {
          const body = sentBody as Partial<AdminSettings>;
          sent.push(body);
          settings = { ...settings, ...body };
          return settings;
        },
        'GET /api/admin/settings': () => settings,
        'GET /api/settings': () => settings,
      });
      const { user, queryClient } = renderWithRouter(routes, '/admin/settings');
      queryClient.setQueryData(['settings'], initial);

      const banner = await screen.findByLabelText('Announcement banner');
      expect(screen.getByText(/Last changed .* by Ada Admin/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

      await user.click(banner);
      await user.paste('x'.repeat(281));
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(await screen.findByText('At most 280 characters')).toBeInTheDocument();
      expect(sent).toEqual([]);

      await user.clear(banner);
      await user.type(banner, 'Free delivery this week');
      await user.click(screen.getByRole('checkbox', { name: 'Sign-ups open' }));
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      await waitFor(() =>
        expect(sent).toEqual([{ announcement: 'Free delivery this week', signups_open: false }]),
      );
      expect(await screen.findByText('Settings saved', {}, { timeout: 5000 })).toBeInTheDocument();
      // The banner and the register page read it: stale now, fetched again when next shown.
      expect(queryClient.getQueryState(['settings'])?.isInvalidated).toBe(true);
    },
  );

  it('a moderator is told it is an admin’s screen and sees no settings', async () => {
    const moderator = createUser({ role: 'moderator' });
    saveSession({ token: 'tok_mod', user: moderator });
    const fetch = fakeApi({ 'GET /api/auth/me': () => ({ user: moderator }) }, () =>
      apiError(403, 'no', 'forbidden'),
    );
    renderWithRouter(routes, '/admin/settings');
    expect(
      await screen.findByText('Only an admin can change the site settings.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Announcement banner')).toBeNull();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/admin/settings'))).toBe(
      false,
    );
  });
});
