import { COMPREHENSIVE_METRICS } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { getScanHistory } from '@/lib/api/get-scan-history';

const PAGE = 100;

/** Every scan of the user, newest first, read page by page from the history endpoint. */
export async function fetchAllScans(): Promise<HistoryItem[]> {
  const all: HistoryItem[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { items, total } = await getScanHistory({ limit: PAGE, offset });
    all.push(...items);
    if (items.length < PAGE || all.length >= total) return all;
  }
}

function csvCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  // Quote everything that could break the row; a leading = + - @ is neutralised for spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per scan: date, source, type, location, overall, then one column per metric. */
export function scansToCsv(scans: HistoryItem[]): string {
  const header = [
    'id',
    'created_at',
    'source',
    'type',
    'location',
    'overall',
    ...COMPREHENSIVE_METRICS,
  ];
  const rows = scans.map((s) =>
    [
      s.id,
      s.created_at,
      s.analysis_source,
      s.analysis_type,
      s.location,
      s.overall_score,
      ...COMPREHENSIVE_METRICS.map((m) => s.scores[m]),
    ].map(csvCell),
  );
  return [header.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
}
