import { FileJsonIcon, FileSpreadsheetIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  ExportButtonFace,
  type ExportFormat,
} from '@/features/dashboard/components/export-button-face';

/**
 * "Export Data" on the latest scan's card (docs/product-rules.md#dashboard): CSV or JSON of every scan. Its own chunk: the
 * menu's code (Radix menu, popper, focus scope, ~10 files) is not on the dashboard's first paint
 * (decision 040).
 */
export default function ExportMenu({
  isExporting,
  onExport,
}: {
  isExporting: boolean;
  onExport: (format: ExportFormat) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={isExporting}>
          <ExportButtonFace isExporting={isExporting} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => onExport('csv')}>
          <FileSpreadsheetIcon aria-hidden /> Scans as CSV
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport('json')}>
          <FileJsonIcon aria-hidden /> Scans as JSON
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
