import { apiBlob } from '@/lib/api/api-client';
import { attachmentName, downloadFile } from '@/lib/platform/download';

/**
 * GET /api/users/me/export: everything held about the user, photos included, saved as the JSON
 * file the server streamed, as it came: parsing and re-printing it held several copies of a file
 * that may be hundreds of megabytes (decision 017).
 */
export async function downloadAccountExport() {
  const { blob, headers } = await apiBlob('/users/me/export');
  const name = attachmentName(
    headers,
    `lumiskin-export-${new Date().toISOString().slice(0, 10)}.json`,
  );
  downloadFile(name, 'application/json', blob);
}
