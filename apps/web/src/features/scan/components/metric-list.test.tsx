import { LEGACY_METHODS, METHOD_CHANGED_NOTE } from '@lumiskin/contract/analysis';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricList } from '@/features/scan/components/metric-list';
import { DAYLIGHT, createAnalysis, createHistoryItem } from '@/testing/scan-factory';

const older = createHistoryItem({ scores: { acne: 70, radiance: 60 } });

describe('MetricList against an earlier scan (decision 037)', () => {
  it('MetricList (scan page): the value with the note, no arrow', () => {
    const analysis = createAnalysis({
      scores: { acne: 76, radiance: 84 },
      methods: { ...LEGACY_METHODS, radiance: 2, hydration: 2 },
      findings: [
        {
          metric: 'acne',
          score: 76,
          band: 'fair',
          summary: 'A few.',
          regions: [],
          confidence: 0.8,
          estimated: false,
        },
        {
          metric: 'radiance',
          score: 84,
          band: 'good',
          summary: 'Bright.',
          regions: [],
          confidence: 0.8,
          estimated: false,
        },
      ],
      unmeasured: [],
    });
    render(<MetricList findings={analysis.findings} previous={older} methods={analysis.methods} />);
    const radiance = screen.getByTestId('metric-radiance');
    expect(radiance).toHaveTextContent('84');
    expect(within(radiance).getByTestId('method-note')).toHaveTextContent(METHOD_CHANGED_NOTE);
    expect(radiance).not.toHaveTextContent('+24 pts');
    expect(screen.getByTestId('metric-acne')).toHaveTextContent('+6 pts');
  });
});

describe('MetricList: a change the exposure alone could make (decision 055)', () => {
  // The same light 5 L* dimmer: comparable overall, but fine lines read −0.7 points per L*.
  const DIMMER = { ...DAYLIGHT, exposure: DAYLIGHT.exposure - 5 };
  const earlier = createHistoryItem({
    analysis_type: 'comprehensive',
    scores: { acne: 80, fine_lines: 70, radiance: 80 },
  });
  const dimmer = { acne: 86, fine_lines: 74 } as const;

  it('mutes fine lines with the reason in the hover text, not acne', () => {
    const findings = (['acne', 'fine_lines'] as const).map((metric) => ({
      metric,
      score: dimmer[metric],
      band: 'good' as const,
      summary: '.',
      regions: [],
      confidence: 0.8,
      estimated: false,
    }));
    render(<MetricList findings={findings} previous={earlier} capture={DIMMER} />);
    const lines = screen.getByTestId('metric-fine_lines').querySelector('[data-conditions]');
    expect(lines?.getAttribute('title')).toMatch(
      /^Earlier scan: 70\. Up 4 points, .*\(possibly the lighting\)$/,
    );
    expect(
      screen.getByTestId('metric-acne').querySelector('[data-conditions="unlike"]'),
    ).toBeNull();
    // Without this scan's conditions nothing can be said about the light: compared as before.
    render(<MetricList findings={findings} previous={earlier} />);
    expect(
      screen.getAllByTestId('metric-fine_lines')[1]?.querySelector('[data-conditions="unlike"]'),
    ).toBeNull();
  });
});

describe('MetricList: a photo whose compression hid small blemishes (decision 171)', () => {
  const findings = (['acne', 'redness'] as const).map((metric) => ({
    metric,
    score: 82,
    band: 'good' as const,
    summary: '.',
    regions: [],
    confidence: 0.8,
    estimated: false,
  }));

  it('says so under the acne score, with how many more it counts', () => {
    const compressed = { ...DAYLIGHT, compression: { chroma_step: 120, lesion_factor: 2.6 } };
    render(<MetricList findings={findings} previous={null} capture={compressed} />);
    const notes = screen.getAllByTestId('compression-note');
    expect(notes).toHaveLength(1);
    expect(
      within(screen.getByTestId('metric-acne')).getByTestId('compression-note'),
    ).toHaveTextContent('up to 160% more than the marks show');
  });

  it('says nothing for a photo saved well, or one whose file said nothing', () => {
    const light = { ...DAYLIGHT, compression: { chroma_step: 30, lesion_factor: 1.2 } };
    render(<MetricList findings={findings} previous={null} capture={light} />);
    render(<MetricList findings={findings} previous={null} capture={DAYLIGHT} />);
    expect(screen.queryByTestId('compression-note')).toBeNull();
  });
});
