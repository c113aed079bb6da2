import { apiRequestWithHeaders } from '@/lib/api/api-client';
import { downloadFile } from '@/lib/platform/download';

/** GET /api/users/me/export: everything held about the user, photos included, as a JSON file. */
export async function downloadAccountExport() {
  const { data, headers } = await apiRequestWithHeaders<unknown>('/users/me/export');
  const name =
    /filename="?([^";]+)"?/.exec(headers.get('content-disposition') ?? '')?.[1] ??
    `lumiskin-export-${new Date().toISOString().slice(0, 10)}.json`;
  downloadFile(name, 'application/json', JSON.stringify(data, null, 2));
}
