import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { useQuery } from '@tanstack/react-query';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';
import { comparableBaseline, type ScanBaseline } from '@/lib/scan/baseline';

/** The newest 100 are enough for anyone but the most devoted scanner. */
const LOOKBACK = 100;

/**
 * The scan `analysis` is compared with: the latest earlier one taken in comparable conditions, or
 * the previous one marked unlike (lib/scan/baseline). Older analyses simply show no comparison.
 */
export function scanBaseline(
  analysis: Analysis,
  history: HistoryItem[],
): ScanBaseline<HistoryItem> {
  const index = history.findIndex((item) => item.id === analysis.id);
  const earlier =
    index >= 0
      ? history.slice(index + 1)
      : history.filter((item) => item.created_at < analysis.created_at);
  return comparableBaseline<HistoryItem>(analysis, earlier);
}

/** Read from the shared history, so a scan or a delete refreshes it with every other list. */
export function useScanBaseline(analysis: Analysis | undefined) {
  return useQuery({
    ...getScanHistoryQueryOptions({ limit: LOOKBACK }),
    select: (page) => (analysis ? scanBaseline(analysis, page.items) : undefined),
    enabled: analysis !== undefined,
  });
}
