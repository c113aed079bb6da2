import type {
  HistoryItem,
  HistoryPeriod,
  HistoryQueryInput,
} from '@lumiskin/contract/analysis-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, totalCount } from '@/lib/api/api-client';

export type HistorySourceFilter = NonNullable<HistoryQueryInput['source']>;
export type { HistoryItem, HistoryPeriod };

export interface ScanHistoryPage {
  items: HistoryItem[];
  /** Every scan matching the filters, not only this page. */
  total: number;
}

export interface ScanHistoryParams {
  limit: number;
  offset?: number;
  period?: HistoryPeriod;
  source?: HistorySourceFilter;
}

/** GET /api/analysis/history: newest first, filtered by period and source (docs/product-rules.md#api). */
export async function getScanHistory(
  { limit, offset = 0, period = 'all', source = 'all' }: ScanHistoryParams,
  signal?: AbortSignal,
): Promise<ScanHistoryPage> {
  const query = new URLSearchParams({
    limit: String(limit),
    offset: String(offset),
    period,
    source,
  });
  // The schema loads with the request, not with the page's first script (decision 120).
  const contract = import('@lumiskin/contract/analysis-api');
  const { data, headers } = await apiRequestWithHeaders<unknown>(
    `/analysis/history?${query.toString()}`,
    { signal },
  );
  // The list is bare (docs/product-rules.md#api); the number of matching scans comes in X-Total-Count.
  const items = (await contract).HistoryResponse.parse(data);
  return { items, total: totalCount(headers) ?? offset + items.length };
}

/** Without params, the newest page; its key is also every history list's prefix. */
const FIRST_PAGE: ScanHistoryParams = { limit: 20 };

/**
 * Every view of the history (the dashboard, its chart, the History page, the profile's tab) is one
 * of these; a scan or a delete invalidates them all with `getScanHistoryQueryOptions().queryKey`.
 */
export function getScanHistoryQueryOptions(params?: ScanHistoryParams) {
  return queryOptions({
    queryKey: params
      ? (['analysis', 'history', params] as const)
      : (['analysis', 'history'] as const),
    queryFn: ({ signal }) => getScanHistory(params ?? FIRST_PAGE, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScanHistory(params: ScanHistoryParams) {
  return useQuery(getScanHistoryQueryOptions(params));
}
