import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdminAuditRoute from '@/features/admin/routes/audit';
import { fakeApi } from '@/testing/fake-api';
import { apiError, renderWithRouter } from '@/testing/test-utils';

const CSV = 'at,actor,action\n2026-12-02T10:00:00.000Z,Ada Admin,user.suspend\n';

/** What the page hands the browser to save: the link's name and the file's bytes. */
function captureSaves() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:saved-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    // Firefox saves only a link that is in the document.
    expect(this.isConnected).toBe(true);
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
  return saved;
}

function serve(csv: () => Response) {
  fakeApi({
    'GET /api/admin/audit': () => ({ entries: [], total: 0, page: 1, page_size: 50 }),
    'GET /api/admin/audit.csv': csv,
  });
  return renderWithRouter([{ path: '/admin/audit', element: <AdminAuditRoute /> }], '/admin/audit');
}

describe('the audit log’s CSV', () => {
  it('saves the file the server sent, under its name', async () => {
    const saved = captureSaves();
    const { user } = serve(
      () =>
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-log.csv"',
          },
        }),
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('audit-log.csv');
    expect(await saved[0]!.text).toBe(CSV);
  });

  it('says why when the server refuses', async () => {
    captureSaves();
    const { user } = serve(() =>
      apiError(403, 'Only admins can export the audit log', 'forbidden'),
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Only admins can export the audit log')).toBeInTheDocument();
  });
});
