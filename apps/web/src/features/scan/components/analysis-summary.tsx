import type { Analysis } from '@lumiskin/contract/analysis-api';
import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { MetricList } from '@/features/scan/components/metric-list';
import { PhotoZones } from '@/features/scan/components/photo-zones';
import { ScoreRing } from '@/components/score/score-ring';
import { useMediaQuery } from '@/lib/use-media-query';

/** How many measures the summary shows: those that need the most care. */
const TOP_FINDINGS = 3;

/**
 * A scan at a glance (issue 13): the photo with its zones, the score ring and the measures that
 * need the most care as bars, made of the analysis page's own parts, with the way to the full page.
 * `heading` is the summary's title (the page says where it comes from), `actions` sit beside the
 * link to the full analysis.
 */
export function AnalysisSummary({
  analysis,
  heading,
  actions,
}: {
  analysis: Analysis;
  heading: ReactNode;
  actions?: ReactNode;
}) {
  const top = [...analysis.findings].sort((a, b) => a.score - b.score).slice(0, TOP_FINDINGS);
  const measured = Object.keys(analysis.scores).length;
  // Side by side from 48 rem, the photo on the left; in one column (a phone) the score, the
  // heading and what needs care come first, as on the analysis page (decision 215): the photo, its
  // six zone buttons and its toolbar came before them for a screen reader and filled the first
  // screen.
  const wide = useMediaQuery('(min-width: 48rem)');
  const photo = (
    <div aria-label="Your photo" role="group">
      <PhotoZones analysis={analysis} />
    </div>
  );
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {wide ? photo : null}
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-5">
          <ScoreRing score={analysis.overall_score} size={104} />
          <div className="flex-1">
            {heading}
            <p className="text-sm text-muted-foreground">
              {measured} {measured === 1 ? 'measure' : 'measures'} · overall skin score
            </p>
          </div>
        </div>
        {top.length > 0 ? (
          <section aria-labelledby="summary-findings-title">
            <h3 id="summary-findings-title" className="mb-3 text-sm font-semibold">
              What needs the most care
            </h3>
            <MetricList findings={top} previous={null} />
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg">
            <Link to={paths.analysis.href(analysis.id)}>
              See full analysis <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
          {actions}
        </div>
      </div>
      {wide ? null : photo}
    </div>
  );
}
