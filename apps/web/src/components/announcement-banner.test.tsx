import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnnouncementBanner } from '@/components/announcement-banner';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

const settings = (announcement: string) => ({
  announcement,
  signups_open: true,
  scans_open: true,
});

describe('announcement banner', () => {
  it('shows the admin’s text as text, and stays closed once closed until the text changes', async () => {
    fakeApi({ 'GET /api/settings': () => settings('<b>Free</b> delivery this week') });
    const first = renderWithRouter([{ path: '/', Component: AnnouncementBanner }], '/');
    const region = await screen.findByRole('region', { name: 'Announcement' });
    expect(region).toHaveTextContent('<b>Free</b> delivery this week');
    expect(region.querySelector('b')).toBeNull();
    await first.user.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    first.unmount();

    fakeApi({ 'GET /api/settings': () => settings('<b>Free</b> delivery this week') });
    const second = renderWithRouter([{ path: '/', Component: AnnouncementBanner }], '/');
    await second.queryClient.refetchQueries();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    second.unmount();

    fakeApi({ 'GET /api/settings': () => settings('Shop closed on Monday') });
    renderWithRouter([{ path: '/', Component: AnnouncementBanner }], '/');
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveTextContent(
      'Shop closed on Monday',
    );
  });

  it('shows nothing when there is no announcement', async () => {
    const fetch = fakeApi({ 'GET /api/settings': () => settings('') });
    const { queryClient } = renderWithRouter([{ path: '/', Component: AnnouncementBanner }], '/');
    await queryClient.refetchQueries();
    expect(fetch).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });
});
