import type { MetricKey } from '@lumiskin/contract/analysis';
import type { Analysis } from '@lumiskin/contract/analysis-api';
import { LightbulbIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { metricLabel } from '@/components/score/score-bands';
import { formatScore } from '@/lib/format';

/** One kind, practical habit per metric; the finding's own sentence says what was seen. */
const ADVICE: Record<MetricKey, string> = {
  acne: 'Keep hands off breakouts and use your treatment only where needed, not all over.',
  oiliness: 'Oily skin still needs its moisturiser: skipping it can make skin produce more oil.',
  redness: 'Lukewarm water and fragrance-free products help calm a flushed look.',
  texture: 'Exfoliate gently once or twice a week, never on the same evening as a retinoid.',
  dark_spots: 'Daily SPF 30+ is what keeps spots from darkening again, even on cloudy days.',
  radiance: 'Sleep, water and a morning antioxidant serum all show up as glow.',
  hydration: 'Apply moisturiser to slightly damp skin to hold more water in.',
  pores: 'A BHA a few evenings a week keeps pores clearer; squeezing makes them look larger.',
  fine_lines: 'Sunscreen every morning is the best-proven way to slow new fine lines.',
  uneven_tone: 'Be patient with brightening products: tone evens out over 8–12 weeks.',
  dark_circles: 'Rest, a cool compress and a gentle eye cream can soften shadows.',
  blackheads: 'Double-cleanse in the evening if you wear sunscreen or make-up.',
  sensitivity: 'Introduce one new product at a time and patch-test it first.',
  firmness: 'A retinoid at night and SPF by day support firmer-looking skin over time.',
};

export function tipsFromAnalysis(
  analysis: Analysis,
): { metric: MetricKey; title: string; text: string }[] {
  const weakest = [...analysis.findings]
    .filter((f) => f.band !== 'good')
    .sort((a, b) => a.score - b.score)
    .slice(0, 3);
  if (weakest.length === 0) {
    return [...analysis.findings]
      .sort((a, b) => a.score - b.score)
      .slice(0, 3)
      .map((f) => ({
        metric: f.metric,
        title: `${metricLabel(f.metric)} is looking good`,
        text: ADVICE[f.metric],
      }));
  }
  return weakest.map((f) => ({
    metric: f.metric,
    title: `${metricLabel(f.metric)} · ${formatScore(f.score)}`,
    text: `${f.summary} ${ADVICE[f.metric]}`,
  }));
}

/** Personalised Tips drawn from the latest scan's findings (not fixed lines). */
export function TipsCard({
  analysis,
  isLoading,
}: {
  analysis: Analysis | undefined;
  isLoading: boolean;
}) {
  const tips = analysis ? tipsFromAnalysis(analysis) : [];
  return (
    <Card className="p-6" aria-labelledby="tips-title">
      <h2 id="tips-title" className="flex items-center gap-2 text-h3 font-semibold">
        <LightbulbIcon className="size-5 text-accent" aria-hidden /> Personalised Tips
      </h2>
      {isLoading ? (
        <div className="mt-4 grid gap-3">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : tips.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Take a scan and your tips will be based on what it finds.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {tips.map((tip) => (
            <li key={tip.metric} className="rounded-xl bg-accent-soft/60 p-3.5">
              <p className="text-sm font-semibold">{tip.title}</p>
              <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{tip.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
