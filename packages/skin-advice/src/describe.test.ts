import { describe, expect, it } from 'vitest';
import {
  COMPREHENSIVE_METRICS,
  scoreBand,
  type MeasuredFinding,
  type MetricKey,
  type RegionKey,
} from '@lumiskin/contract/analysis';
import { QUALITY_CODES } from '@lumiskin/contract/scan';
import {
  describeFinding,
  describeMeasurements,
  describeRefusal,
  describeUnmeasured,
  describeZoneNote,
} from './describe';
import { containsBannedWord } from './report';

const finding = (metric: MetricKey, score: number, regions: RegionKey[]): MeasuredFinding => ({
  metric,
  score,
  band: scoreBand(score),
  regions,
  confidence: 0.8,
  estimated: false,
});

describe('the sentences of findings and zone notes', () => {
  it('every finding sentence, in every band, is plain cosmetic language (no banned report words)', () => {
    for (const metric of COMPREHENSIVE_METRICS) {
      for (const [score, regions] of [
        [95, []],
        [70, ['left_cheek']],
        [30, ['left_cheek', 'nose']],
      ] as const) {
        const f = describeFinding(finding(metric, score, [...regions]));
        expect(containsBannedWord(f.summary), f.summary).toBe(false);
        expect(f.summary).toMatch(/^[A-Z].*\.$/);
        expect(f.summary).not.toContain('{where}');
      }
    }
  });

  it('names the zones a finding gives, in words', () => {
    const poor = describeFinding(finding('redness', 55, ['left_cheek', 'right_cheek']));
    expect(poor.summary).toContain('on your left cheek and right cheek');
    expect(describeFinding(finding('redness', 90, [])).summary).not.toContain('on your');
    expect(describeFinding(finding('acne', 70, ['under_eyes'])).summary).toContain(
      'under-eye area',
    );
  });

  it('says why part of a zone was not measured, with its share', () => {
    expect(describeZoneNote({ region: 'chin', reason: 'beard', share: 0.57 }).message).toBe(
      'Beard area on the chin not measured (57% of the zone).',
    );
    expect(describeZoneNote({ region: 'forehead', reason: 'hair', share: 0.3 }).message).toBe(
      'Hair over the forehead not measured (30% of the zone).',
    );
    expect(describeZoneNote({ region: 'left_cheek', reason: 'glasses', share: 0.07 }).message).toBe(
      'Glasses frames over the left cheek not measured (7% of the zone).',
    );
    expect(describeZoneNote({ region: 'nose', reason: 'not_skin', share: 0.4 }).message).toBe(
      '40% of the nose was hidden (by a shadow, hair or something in front of it) and not measured.',
    );
    // A zone hidden whole (a face mask over the chin) is not "part" of it.
    expect(describeZoneNote({ region: 'chin', reason: 'not_skin', share: 1 }).message).toBe(
      'The chin was hidden (by a shadow, hair or something in front of it) and not measured.',
    );
  });

  it('describes a whole result and leaves the rest of it as it was', () => {
    const result = {
      scores: { acne: 70 },
      findings: [finding('acne', 70, ['chin'])],
      zone_notes: [{ region: 'chin' as const, reason: 'beard' as const, share: 0.6 }],
    };
    const described = describeMeasurements(result);
    expect(described.scores).toBe(result.scores);
    expect(described.findings[0]).toMatchObject({ metric: 'acne', regions: ['chin'] });
    expect(described.findings[0]?.summary).toContain('chin');
    expect(described.zone_notes[0]?.message).toMatch(/beard area/i);
  });
});

describe('the sentences of a metric left unscored and of a refused photo', () => {
  it('says why a metric got no score, for each cause the engine gives', () => {
    expect(describeUnmeasured({ metric: 'fine_lines', cause: 'skin_hidden' })).toEqual({
      metric: 'fine_lines',
      reason:
        'Too little skin could be seen in the zones this is measured on (hair, beard or the photo hides them).',
    });
    expect(describeUnmeasured({ metric: 'redness', cause: 'colour_clipped' }).reason).toMatch(
      /^The light was too bright for the skin’s colour: .* Retake the photo in softer light/,
    );
  });

  it('describes the unmeasured metrics of a whole result, keeping their order', () => {
    const described = describeMeasurements({
      findings: [],
      zone_notes: [],
      unmeasured: [
        { metric: 'redness' as const, cause: 'colour_clipped' as const },
        { metric: 'firmness' as const, cause: 'skin_hidden' as const },
      ],
    });
    expect(described.unmeasured.map((u) => u.metric)).toEqual(['redness', 'firmness']);
    expect(described.unmeasured[1]?.reason).toMatch(/^Too little skin could be seen/);
  });

  it('gives every refusal of the quality gate a plain sentence a person can act on', () => {
    for (const code of QUALITY_CODES) {
      const sentence = describeRefusal(code);
      expect(sentence.length, code).toBeGreaterThan(30);
      expect(containsBannedWord(sentence), sentence).toBe(false);
      expect(sentence).toMatch(/^[A-Z].*\.$/);
    }
    expect(new Set(QUALITY_CODES.map(describeRefusal)).size).toBe(QUALITY_CODES.length);
    expect(describeRefusal('too_dark')).toBe(
      'The photo is too dark to see your skin. Face a window or a soft light and try again.',
    );
    expect(describeRefusal('no_face')).toMatch(/^We could not find a face in this photo/);
  });
});
