import type { MeasuredFinding, MetricKey } from '@lumiskin/contract/analysis';
import { COMPREHENSIVE_METRICS, scoreBand } from '@lumiskin/contract/constants';
import type { AnalysisResult } from './engine';
import { buildFinding } from './findings';
import { overallScore } from './scoring';

/** What an external skin-analysis API measured: a score per metric it covers (0–100). */
export interface ExternalScores {
  scores: Partial<Record<MetricKey, number>>;
}

/**
 * Confidence of a finding only the external API measured: its scores are mapped from the vendor's
 * yes/no calls, and the engine's own checks of the photo did not back it.
 */
const EXTERNAL_ONLY_CONFIDENCE = 0.5;
/** The method number of a score the external API gave in place of ours (decision 037). */
const EXTERNAL_METHOD = 0;

/**
 * The external API's scores replace ours metric by metric where it measured them; the overall
 * score and the findings' bands are then recomputed from the merged scores. A metric the engine
 * left unmeasured (too little skin showed) that the API scored is measured after all. Such a
 * metric's method becomes EXTERNAL_METHOD (the vendor's, not ours), so it is never differenced
 * against our own score of it. Overlays, zone notes and capture conditions describe our own look
 * at the photo and stay as they are. Nothing here advises: the interpreter runs once, afterwards.
 */
export function mergeExternal(result: AnalysisResult, external: ExternalScores): AnalysisResult {
  const scores = { ...result.scores };
  const methods = { ...result.methods };
  const candidates = [
    ...(Object.keys(scores) as MetricKey[]),
    ...result.unmeasured.map((u) => u.metric),
  ];
  for (const metric of candidates) {
    const theirs = external.scores[metric];
    if (typeof theirs === 'number') {
      scores[metric] = theirs;
      methods[metric] = EXTERNAL_METHOD;
    }
  }
  const unmeasured = result.unmeasured.filter((u) => scores[u.metric] === undefined);
  const newlyMeasured = result.unmeasured.flatMap(({ metric }) => {
    const score = scores[metric];
    return score === undefined
      ? []
      : [buildFinding(metric, { score, raw: score, regionScores: {} }, EXTERNAL_ONLY_CONFIDENCE)];
  });
  const order: readonly MetricKey[] = COMPREHENSIVE_METRICS;
  const findings: MeasuredFinding[] = result.findings
    .map((f) => {
      const score = scores[f.metric] ?? f.score;
      return { ...f, score, band: scoreBand(score) };
    })
    .concat(newlyMeasured)
    .sort((a, b) => order.indexOf(a.metric) - order.indexOf(b.metric));
  return { ...result, scores, methods, overall_score: overallScore(scores), findings, unmeasured };
}
