import { LEGACY_METHODS, METHOD_CHANGED_NOTE } from '@lumiskin/contract/analysis';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricList } from '@/features/scan/components/metric-list';
import { createAnalysis, createHistoryItem } from '@/testing/scan-factory';

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
    expect(radiance).not.toHaveTextContent('+24.0%');
    expect(screen.getByTestId('metric-acne')).toHaveTextContent('+6.0%');
  });
});
