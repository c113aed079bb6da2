import { ANALYSIS_SOURCE_LABELS } from '@lumiskin/contract/analysis-api';
import type { HistoryPeriod } from '@lumiskin/contract/analysis-api';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { HistorySourceFilter } from '@/lib/api/get-scan-history';

/** History periods (30 days by default) and sources (all, external provider, own AI, recent; docs/product-rules.md#constants). */
export const PERIOD_LABELS: Record<HistoryPeriod, string> = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  '90days': 'Last 90 days',
  all: 'All time',
};

export const SOURCE_LABELS: Record<HistorySourceFilter, string> = {
  all: 'All sources',
  recent: 'Recent',
  lumiskin_ai: ANALYSIS_SOURCE_LABELS.lumiskin_ai,
  external_api: ANALYSIS_SOURCE_LABELS.external_api,
};

export function HistoryFilters({
  period,
  source,
  onPeriod,
  onSource,
}: {
  period: HistoryPeriod;
  source: HistorySourceFilter;
  onPeriod: (p: HistoryPeriod) => void;
  onSource: (s: HistorySourceFilter) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Select value={period} onValueChange={(v) => onPeriod(v as HistoryPeriod)}>
        <SelectTrigger aria-label="Period" className="h-10 w-auto min-w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(PERIOD_LABELS) as HistoryPeriod[]).map((p) => (
            <SelectItem key={p} value={p}>
              {PERIOD_LABELS[p]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={source} onValueChange={(v) => onSource(v as HistorySourceFilter)}>
        <SelectTrigger aria-label="Source" className="h-10 w-auto min-w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(SOURCE_LABELS) as HistorySourceFilter[]).map((s) => (
            <SelectItem key={s} value={s}>
              {SOURCE_LABELS[s]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
