import { apiRequestWithHeaders } from '@/lib/api-client';

/** GET /api/users/me/export: everything held about the user, photos included, as a JSON file. */
export async function downloadAccountExport() {
  const { data, headers } = await apiRequestWithHeaders<unknown>('/users/me/export');
  const name =
    /filename="?([^";]+)"?/.exec(headers.get('content-disposition') ?? '')?.[1] ??
    `lumiskin-export-${new Date().toISOString().slice(0, 10)}.json`;
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
