import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { ANALYSIS_SOURCE_LABELS } from '@lumiskin/contract/analysis-api';
import { ArrowRightIcon, MapPinIcon, Share2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { comparableBaseline, metricUnlike } from '@/lib/scan/baseline';
import { changedMethods, methodChanged } from '@/lib/scan/methods';
import { MethodNote } from '@/components/method-note';
import { fetchAllScans, scansToCsv } from '@/features/dashboard/api/export-scans';
import { downloadFile } from '@/lib/platform/download';
import {
  ExportButtonFace,
  type ExportFormat,
} from '@/features/dashboard/components/export-button-face';
import { ScoreTile } from '@/features/dashboard/components/score-tile';
import {
  BAND_BADGE,
  BAND_LABEL,
  metricLabel,
  scoreBand,
  scoreEntries,
} from '@/components/score/score-bands';
import { formatDateTime, formatScore } from '@/lib/format';

const ExportMenu = lazy(() => import('@/features/dashboard/components/export-menu'));
/** Shown only after a change of conditions; its tooltip's code stays off the first paint. */
const ConditionsNote = lazy(() =>
  import('@/components/conditions-note').then((m) => ({ default: m.ConditionsNote })),
);

export const SHARE_COPIED = 'Results copied to clipboard!';

export function shareText(scan: HistoryItem): string {
  const lines = scoreEntries(scan.scores).map(([k, v]) => `${metricLabel(k)}: ${formatScore(v)}`);
  return [
    `My Lumiskin skin score: ${formatScore(scan.overall_score)}/100 (${formatDateTime(scan.created_at)})`,
    ...lines,
  ].join('\n');
}

/**
 * The latest scan's card (docs/product-rules.md#dashboard): tiles, source badge, View Full Analysis, Share, Export. Each tile's
 * trend is against the most recent of `earlier` (newest first) taken in comparable conditions; a
 * metric that scan measured with another method shows its value and a note, no change.
 */
export function LatestScanCard({
  scan,
  earlier,
}: {
  scan: HistoryItem;
  earlier: readonly HistoryItem[];
}) {
  const [isExporting, setIsExporting] = useState(false);
  const band = scoreBand(scan.overall_score);
  const baseline = comparableBaseline(scan, earlier);
  const unlike = baseline.kind === 'unlike' ? baseline.reasons : undefined;
  const previous = baseline.kind === 'none' ? undefined : baseline.scan;
  const newMethods = changedMethods(scan, previous);

  const share = async () => {
    const text = shareText(scan);
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: 'My Lumiskin results', text });
        return;
      }
    } catch (error) {
      // The person closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
    try {
      await navigator.clipboard.writeText(text);
      toast.success(SHARE_COPIED);
    } catch {
      toast.error('Could not copy your results. Please try again.');
    }
  };

  const exportAs = async (format: ExportFormat) => {
    setIsExporting(true);
    try {
      const scans = await fetchAllScans();
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv') {
        downloadFile(`lumiskin-scans-${stamp}.csv`, 'text/csv;charset=utf-8', scansToCsv(scans));
      } else {
        downloadFile(
          `lumiskin-scans-${stamp}.json`,
          'application/json',
          JSON.stringify({ exported_at: new Date().toISOString(), scans }, null, 2),
        );
      }
    } catch {
      toast.error('Could not export your scans. Please try again.');
    } finally {
      setIsExporting(false);
    }
  };

  const exportButton = (
    <Button variant="outline" disabled={isExporting}>
      <ExportButtonFace isExporting={isExporting} />
    </Button>
  );

  return (
    <Card className="p-6" role="region" aria-labelledby="latest-scan-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="latest-scan-title" className="text-h3 font-semibold">
            Latest Scan Results
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{formatDateTime(scan.created_at)}</span>
            <span className="inline-flex items-center gap-1">
              <MapPinIcon className="size-3.5" aria-hidden /> {scan.location}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{ANALYSIS_SOURCE_LABELS[scan.analysis_source]}</Badge>
          <Badge variant={BAND_BADGE[band]}>
            Overall {formatScore(scan.overall_score)} · {BAND_LABEL[band]}
          </Badge>
        </div>
      </div>
      {baseline.kind === 'unlike' ? (
        <Suspense fallback={null}>
          <ConditionsNote
            reasons={baseline.reasons}
            prefix="Changes since your last scan:"
            className="mt-4"
          />
        </Suspense>
      ) : baseline.kind === 'comparable' && !baseline.isPrevious ? (
        <p className="mt-4 text-xs text-muted-foreground">
          Changes are against your scan of {formatDateTime(baseline.scan.created_at)}, the most
          recent taken in similar conditions.
        </p>
      ) : null}
      {newMethods.length > 0 ? <MethodNote metrics={newMethods} className="mt-2" /> : null}
      <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {scoreEntries(scan.scores).map(([metric, value]) => (
          <ScoreTile
            key={metric}
            metric={metric}
            value={value}
            previous={previous?.scores[metric]}
            unlike={metricUnlike(
              metric,
              { score: value, capture: scan.capture },
              previous && { score: previous.scores[metric], capture: previous.capture },
              unlike,
            )}
            methodChanged={methodChanged(scan, previous, metric)}
          />
        ))}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.analysis.href(scan.id)}>
            View Full Analysis <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
        <Button variant="outline" onClick={() => void share()}>
          <Share2Icon aria-hidden /> Share Results
        </Button>
        {/* The menu's code is asked for once the card has painted; the same button until then. */}
        <AfterFirstPaint fallback={exportButton}>
          <ExportMenu isExporting={isExporting} onExport={(format) => void exportAs(format)} />
        </AfterFirstPaint>
      </div>
    </Card>
  );
}
