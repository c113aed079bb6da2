import {
  METRIC_LABELS,
  REGION_WORDS,
  scoreBand,
  type AnalysisType,
  type Environment,
  type Finding,
  type MetricKey,
  type Recommendation,
  type Routine,
  type RoutineStep,
  type TimeOfUse,
} from '@lumiskin/contract/analysis';
import { DERMATOLOGIST_BELOW, DERMATOLOGIST_METRICS } from './recommend';

/**
 * The analysis report (`full_response_text`): plain English, kind, never alarming and never medical.
 * It only restates what the scores, findings and routine already say; no claim is invented here.
 */

export interface ReportInput {
  analysisType: AnalysisType;
  scores: Partial<Record<MetricKey, number>>;
  overall_score: number;
  findings: Finding[];
  recommendation: Recommendation;
  routine: Routine;
  environment?: Environment | null;
}

/**
 * Words a cosmetic report must not use: diagnoses, disease names, cure/treatment claims and
 * alarming language. Text from elsewhere (finding summaries) containing one is replaced by ours.
 */
export const BANNED_REPORT_WORDS = [
  'diagnose',
  'diagnosis',
  'disease',
  'disorder',
  'rosacea',
  'eczema',
  'psoriasis',
  'dermatitis',
  'melanoma',
  'cancer',
  'tumour',
  'tumor',
  'infection',
  'cure',
  'cures',
  'heal',
  'heals',
  'prescription',
  'medication',
  'alarming',
  'dangerous',
  'severe',
  'serious',
  'worrying',
] as const;

const BANNED_RE = new RegExp(`\\b(${BANNED_REPORT_WORDS.join('|')})\\b`, 'i');

export function containsBannedWord(text: string): boolean {
  return BANNED_RE.test(text);
}

const TIME_WORDS: Record<TimeOfUse, string> = {
  AM: 'in the morning',
  PM: 'in the evening',
  'AM/PM': 'morning and evening',
};

const label = (k: MetricKey) => METRIC_LABELS[k];

function fallbackSummary(metric: MetricKey, score: number): string {
  const l = label(metric).toLowerCase();
  switch (scoreBand(score)) {
    case 'good':
      return `Your ${l} result looks good.`;
    case 'fair':
      return `Your ${l} result has a little room to improve.`;
    default:
      return `Your ${l} would enjoy some extra care.`;
  }
}

function metricLine(metric: MetricKey, score: number, finding: Finding | undefined): string {
  const summary =
    finding && finding.summary.trim() && !containsBannedWord(finding.summary)
      ? finding.summary.trim()
      : fallbackSummary(metric, score);
  const extras: string[] = [];
  if (finding && finding.regions.length > 0 && scoreBand(score) !== 'good') {
    extras.push(`seen most on the ${joinAnd(finding.regions.map((r) => REGION_WORDS[r]))}`);
  }
  if (finding?.estimated) extras.push('an estimate, since a photo cannot measure it directly');
  else if (finding && finding.confidence < 0.5)
    extras.push('this photo makes it harder to read, so take it as a rough guide');
  const tail = extras.length ? ` (${extras.join('; ')})` : '';
  return `- ${label(metric)} ${Math.round(score)}/100: ${withoutFinalStop(summary)}${tail}.`;
}

function overallSentence(score: number): string {
  switch (scoreBand(score)) {
    case 'good':
      return 'Your skin is looking healthy and well cared for overall.';
    case 'fair':
      return 'Your skin is in fair shape overall, with a few areas that would enjoy some extra care.';
    default:
      return 'Your skin would enjoy some extra care right now, and the routine below is built around exactly that.';
  }
}

function stepLine(s: RoutineStep): string {
  return `${s.step}. ${s.name}: ${withoutFinalStop(s.instruction)}. Why: ${withoutFinalStop(s.reason)}.`;
}

function climateSection(env: Environment | null | undefined, notes: string[]): string[] {
  if (!env)
    return ['We had no climate information for this scan, so the routine follows your skin alone.'];
  const facts: string[] = [];
  if (env.uv_index != null) {
    const peak = env.uv_index_max ?? null;
    facts.push(
      `UV index ${Math.round(env.uv_index * 10) / 10}${env.uv_level ? ` (${env.uv_level.replace('_', ' ')})` : ''}${
        peak != null
          ? ` at the time of the scan, up to ${Math.round(peak * 10) / 10} at midday`
          : ''
      }`,
    );
  }
  if (env.humidity != null) facts.push(`humidity ${Math.round(env.humidity)}%`);
  if (env.temperature_c != null) facts.push(`${Math.round(env.temperature_c)}°C`);
  if (env.season) facts.push(env.season === 'tropical' ? 'tropical climate' : `${env.season}`);
  const lines: string[] = [];
  lines.push(
    facts.length
      ? `Where you are: ${facts.join(', ')}.`
      : 'We had little climate information for this scan.',
  );
  if (env.weather_source === 'unknown' && env.humidity == null && env.temperature_c == null) {
    lines.push(
      env.season === 'winter'
        ? 'Live humidity and temperature were not available, so the moisturiser follows the season (winter air is usually dry or cold) and your skin type.'
        : 'Live humidity and temperature were not available, so the moisturiser follows your skin type.',
    );
  }
  const climateNotes = notes.filter((n) => /^(UV is|Dry or cold air|Humid or hot)/.test(n));
  lines.push(...climateNotes);
  return lines;
}

export function buildReport(input: ReportInput): string {
  const {
    analysisType,
    scores,
    overall_score,
    findings,
    recommendation: rec,
    routine,
    environment,
  } = input;
  const byMetric = new Map(findings.map((f) => [f.metric, f]));

  const measured = (Object.entries(scores) as [MetricKey, number | undefined][])
    .filter((e): e is [MetricKey, number] => typeof e[1] === 'number' && Number.isFinite(e[1]))
    .map(([metric, score]) => ({ metric, score }));
  const strengths = measured
    .filter((m) => m.score >= 80)
    .sort((a, b) => b.score - a.score || a.metric.localeCompare(b.metric));
  const toCare = measured
    .filter((m) => m.score < 80)
    .sort((a, b) => a.score - b.score || a.metric.localeCompare(b.metric));

  const out: string[] = [];
  const kind = analysisType === 'comprehensive' ? 'comprehensive' : 'quick';
  out.push(`Your ${kind} skin analysis`);
  out.push('');

  // ---- summary ----
  const summary: string[] = [
    `Overall score: ${Math.round(overall_score)}/100. ${overallSentence(overall_score)}`,
  ];
  if (strengths.length > 0) {
    summary.push(
      `Your strongest results are ${joinAnd(strengths.slice(0, 3).map((m) => label(m.metric).toLowerCase()))}.`,
    );
  }
  if (toCare.length > 0) {
    summary.push(
      `The areas that would benefit most from a little attention are ${joinAnd(toCare.slice(0, 3).map((m) => label(m.metric).toLowerCase()))}.`,
    );
  }
  summary.push(
    `We measured ${measured.length} ${measured.length === 1 ? 'area' : 'areas'} of your skin and built a routine for your ${rec.skin_type} skin around them${rec.skin_type_source === 'estimated' ? ' (skin type estimated from your photo)' : ''}.`,
  );
  out.push(summary.join(' '));
  out.push('');

  // ---- strengths ----
  out.push('What is going well');
  if (strengths.length > 0)
    for (const m of strengths) out.push(metricLine(m.metric, m.score, byMetric.get(m.metric)));
  else {
    const best = [...measured].sort((a, b) => b.score - a.score)[0];
    out.push(
      best
        ? `- Your best result today is ${label(best.metric).toLowerCase()} at ${Math.round(best.score)}/100, a good base to build on.`
        : '- Every skin has strengths, and a steady routine will bring them out.',
    );
  }
  out.push('');

  // ---- areas to care for ----
  out.push('Areas to care for');
  if (toCare.length > 0)
    for (const m of toCare) out.push(metricLine(m.metric, m.score, byMetric.get(m.metric)));
  else out.push('- Nothing stands out: keep doing what you are doing.');
  out.push('');

  // ---- recommendation ----
  out.push('Your Lumiskin mix');
  out.push(`- Base: ${rec.base.name}. ${rec.base.reason}`);
  for (const b of rec.boosters)
    out.push(`- Booster: ${b.name}, ${TIME_WORDS[b.time_of_use]}. ${b.reason}`);
  if (rec.boosters.length === 0) out.push('- No booster for now: your base does the work.');
  out.push('');

  // ---- routine ----
  out.push('Morning routine');
  for (const s of routine.morning) out.push(stepLine(s));
  out.push('');
  out.push('Evening routine');
  for (const s of routine.evening) out.push(stepLine(s));
  out.push('');

  // ---- climate ----
  out.push('Your climate');
  out.push(...climateSection(environment, rec.notes));
  out.push('');

  // ---- notes (climate and dermatologist lines have their own sections) ----
  const otherNotes = rec.notes.filter(
    (n) => !/^(UV is|Dry or cold air|Humid or hot)/.test(n) && !/dermatologist/i.test(n),
  );
  if (otherNotes.length > 0) {
    out.push('Good to know');
    for (const n of otherNotes) out.push(`- ${n}`);
    out.push('');
  }

  if (rec.see_dermatologist) {
    const flagged = DERMATOLOGIST_METRICS.filter((k) => {
      const s = scores[k];
      return typeof s === 'number' && s < DERMATOLOGIST_BELOW;
    });
    out.push('A friendly suggestion');
    out.push(
      flagged.length > 0
        ? `Your ${joinAnd(flagged.map((k) => label(k).toLowerCase()))} ${flagged.length > 1 ? 'results were' : 'result was'} on the low side. A photo can only show so much, so we suggest showing your skin to a dermatologist, who can look at it in person and advise on the care that suits you best.`
        : 'A photo can only show so much, so we suggest showing your skin to a dermatologist, who can look at it in person and advise on the care that suits you best.',
    );
    out.push('');
  }

  out.push(
    'This report is cosmetic guidance based on a photo, not a medical opinion. Give a new routine four to six weeks, then scan again to see how your skin responds.',
  );
  return out.join('\n');
}

function withoutFinalStop(s: string): string {
  return s.trim().replace(/[.!]+$/, '');
}

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
