import { describe, expect, it } from 'vitest';
import {
  COMPREHENSIVE_METRICS,
  QUICK_METRICS,
  SCAN_CONCERNS,
  scoreBand,
  type Environment,
  type Finding,
  type MetricKey,
  type ScanConcern,
} from '@lumiskin/contract/analysis';
import { SKIN_TYPES } from '@lumiskin/contract/auth';
import { catalogue } from '../test/catalogue';
import { recommend } from './recommend';
import { BANNED_REPORT_WORDS, buildReport, containsBannedWord, type ReportInput } from './report';

const env: Environment = {
  uv_index: 7.2,
  uv_level: 'high',
  season: 'summer',
  hemisphere: 'northern',
  humidity: 82,
  temperature_c: 28,
  weather_source: 'live',
};

function finding(metric: MetricKey, score: number, extra: Partial<Finding> = {}): Finding {
  return {
    metric,
    score,
    band: scoreBand(score),
    summary: `Measured ${metric.replace('_', ' ')} from the photo.`,
    regions: ['forehead'],
    confidence: 0.9,
    estimated: metric === 'hydration' || metric === 'firmness',
    ...extra,
  };
}

function reportFor(
  scores: Partial<Record<MetricKey, number>>,
  opts: {
    concerns?: ScanConcern[];
    environment?: Environment | null;
    findings?: Finding[];
    type?: 'quick' | 'comprehensive';
  } = {},
) {
  const environment = opts.environment === undefined ? env : opts.environment;
  const r = recommend({
    scores,
    estimatedSkinType: 'oily',
    concerns: opts.concerns ?? [],
    environment,
    catalogue,
  });
  const values = Object.values(scores) as number[];
  const input: ReportInput = {
    analysisType: opts.type ?? 'quick',
    scores,
    overall_score: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
    findings:
      opts.findings ??
      (Object.entries(scores) as [MetricKey, number][]).map(([k, v]) => finding(k, v)),
    ...r,
    environment,
  };
  return { text: buildReport(input), ...r };
}

const quick = (v: number) =>
  Object.fromEntries(QUICK_METRICS.map((k) => [k, v])) as Partial<Record<MetricKey, number>>;

describe('buildReport', () => {
  it('names the base, boosters and every routine step, morning and evening', () => {
    const { text, recommendation, routine } = reportFor(
      { ...quick(85), acne: 55, oiliness: 50, texture: 60 },
      { concerns: ['acne'] },
    );
    expect(recommendation.boosters.length).toBeGreaterThan(0);
    expect(text).toContain(recommendation.base.name);
    for (const b of recommendation.boosters) expect(text).toContain(b.name);
    const morning = text.indexOf('Morning routine');
    const evening = text.indexOf('Evening routine');
    expect(morning).toBeGreaterThan(-1);
    expect(evening).toBeGreaterThan(morning);
    for (const s of routine.morning) expect(text.slice(morning, evening)).toContain(s.name);
    for (const s of routine.evening) expect(text.slice(evening)).toContain(s.name);
    expect(text).toContain(`SPF ${recommendation.spf}`);
  });

  it('lists strengths and areas to care for with their scores', () => {
    const { text } = reportFor({ ...quick(70), hydration: 91, radiance: 86, acne: 52 });
    const strengths = text.slice(
      text.indexOf('What is going well'),
      text.indexOf('Areas to care for'),
    );
    const care = text.slice(text.indexOf('Areas to care for'), text.indexOf('Your Lumiskin mix'));
    expect(strengths).toContain('Hydration 91/100');
    expect(strengths).toContain('Radiance 86/100');
    expect(strengths).not.toContain('Acne');
    expect(care).toContain('Acne 52/100');
    // Lowest first.
    expect(care.indexOf('Acne')).toBeLessThan(care.indexOf('Oiliness'));
    // Hydration is flagged as an estimate.
    expect(strengths).toMatch(/Hydration 91\/100.*estimate/);
  });

  it('includes the climate facts and the climate advice', () => {
    const { text } = reportFor(quick(75));
    expect(text).toMatch(/UV index 7\.2 \(high\), humidity 82%, 28°C/);
    expect(text).toMatch(/reapply every two hours/);
    expect(reportFor(quick(75), { environment: null }).text).toMatch(/no climate information/);
  });

  it('advises a dermatologist only when the findings warrant it', () => {
    const low = reportFor({ ...quick(80), acne: 30 });
    expect(low.recommendation.see_dermatologist).toBe(true);
    expect(low.text).toMatch(/dermatologist/);
    expect(low.text).toMatch(/acne result was on the low side/i);

    const fine = reportFor({ ...quick(80), acne: 55 });
    expect(fine.recommendation.see_dermatologist).toBe(false);
    expect(fine.text).not.toMatch(/dermatologist/i);
  });

  it('replaces a finding summary that uses a banned word with its own wording', () => {
    const scores = { ...quick(80), redness: 50 };
    const findings = [finding('redness', 50, { summary: 'This looks like rosacea.' })];
    const { text } = reportFor(scores, { findings });
    expect(text).not.toMatch(/rosacea/i);
    expect(text).toContain('Redness 50/100');
  });

  it('never uses a banned word, over many inputs', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 200; i++) {
      const scores: Partial<Record<MetricKey, number>> = {};
      for (const k of COMPREHENSIVE_METRICS) scores[k] = Math.round(15 + rnd() * 85);
      const concerns = SCAN_CONCERNS.filter(() => rnd() < 0.3) as ScanConcern[];
      const environment =
        rnd() < 0.3
          ? null
          : { ...env, uv_index: rnd() * 11, humidity: rnd() * 100, temperature_c: -5 + rnd() * 40 };
      const r = recommend({
        scores,
        concerns,
        environment,
        estimatedSkinType: SKIN_TYPES[i % SKIN_TYPES.length]!,
        catalogue,
      });
      const text = buildReport({
        analysisType: 'comprehensive',
        scores,
        overall_score: 70,
        findings: (Object.entries(scores) as [MetricKey, number][]).map(([k, v]) => finding(k, v)),
        ...r,
        environment,
      });
      const hit = BANNED_REPORT_WORDS.find((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));
      expect(hit).toBeUndefined();
    }
  });

  it('detects banned words as whole words only', () => {
    expect(containsBannedWord('We cannot diagnose anything')).toBe(true);
    expect(containsBannedWord('A Disease name')).toBe(true);
    expect(containsBannedWord('secure, curated care')).toBe(false);
  });

  it('states the analysis type and the overall score', () => {
    expect(reportFor(quick(84), { type: 'comprehensive' }).text).toMatch(
      /^Your comprehensive skin analysis\n/,
    );
    const { text } = reportFor(quick(84));
    expect(text).toMatch(/^Your quick skin analysis\n/);
    expect(text).toContain('Overall score: 84/100');
    expect(text).toMatch(/healthy and well cared for/);
  });
});
