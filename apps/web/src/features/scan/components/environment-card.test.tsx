import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnvironmentCard } from '@/features/scan/components/environment-card';
import { createAnalysis } from '@/testing/scan-factory';

const at = (environment: Partial<ReturnType<typeof createAnalysis>['environment']>) =>
  createAnalysis({
    environment: { ...createAnalysis().environment, ...environment },
  });

describe('EnvironmentCard', () => {
  it('gives the day’s midday peak beside an evening scan’s 0, which the sunscreen follows', () => {
    render(<EnvironmentCard analysis={at({ uv_index: 0, uv_level: 'low', uv_index_max: 7.6 })} />);
    const uv = screen.getByText('UV index').nextElementSibling!;
    expect(uv).toHaveTextContent('0.0 · Low');
    expect(uv).toHaveTextContent('Up to 7.6 at midday');
  });

  it('says nothing more at midday, or for a scan stored before the peak was kept', () => {
    const { rerender } = render(
      <EnvironmentCard analysis={at({ uv_index: 7.6, uv_level: 'high', uv_index_max: 7.6 })} />,
    );
    expect(screen.queryByText(/at midday/)).toBeNull();
    rerender(<EnvironmentCard analysis={at({ uv_index: 0 })} />);
    expect(screen.queryByText(/at midday/)).toBeNull();
  });
});
