import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HistoryRoute from '@/features/dashboard/routes/history';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { createHistoryItem } from '@/testing/scan-factory';
import { createUser, renderWithRouter } from '@/testing/test-utils';

function renderHistory(path: string, scans: ReturnType<typeof createHistoryItem>[]) {
  saveSession({ token: 'tok-history', user: createUser() });
  fakeApi({ 'GET /api/analysis/history': () => scans });
  return renderWithRouter([{ path: '/history', element: <HistoryRoute /> }], path);
}

describe('the scan history page', () => {
  it('with no scan at all, leads to the first scan instead of offering filters', async () => {
    renderHistory('/history', []);
    expect(await screen.findByRole('heading', { name: 'No scans yet' })).toBeInTheDocument();
    // The card says it once: no "0 scans · each compared with…" above it.
    expect(screen.queryByText(/0 scans/)).toBeNull();
    expect(screen.getAllByText(/compared with the last one taken in similar/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Take Your First Scan' })).toHaveAttribute(
      'href',
      '/scan',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText('No scans match these filters')).toBeNull();
  });

  it('with a filter that finds nothing, says so and keeps the filters', async () => {
    renderHistory('/history?period=7days', []);
    expect(await screen.findByText('No scans match these filters')).toBeInTheDocument();
    expect(screen.getAllByRole('combobox').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'No scans yet' })).toBeNull();
  });

  it('lists the scans there are', async () => {
    renderHistory('/history', [createHistoryItem({ location: 'Leeds, GB' })]);
    const list = await screen.findByRole('list');
    expect(within(list).getByText(/Leeds, GB/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No scans yet' })).toBeNull();
  });
});
