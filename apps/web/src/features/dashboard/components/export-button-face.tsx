import { DownloadIcon } from 'lucide-react';

export type ExportFormat = 'csv' | 'json';

/** The Export button's face, also shown while the menu's code loads (export-menu.tsx). */
export function ExportButtonFace({ isExporting }: { isExporting: boolean }) {
  return (
    <>
      <DownloadIcon aria-hidden /> {isExporting ? 'Exporting...' : 'Export Data'}
    </>
  );
}
