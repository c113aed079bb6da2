import { COMPREHENSIVE_METRICS, QUICK_METRICS } from '@lumiskin/contract/analysis';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScanGuide, GUIDE_STEPS } from '@/features/scan/components/scan-guide';
import { AnalysisTypePicker } from '@/features/scan/components/scan-options';

describe('scan copy says what is true', () => {
  it('the analysis types give their number of measures and a result in about a second', () => {
    render(<AnalysisTypePicker value="quick" onChange={() => {}} />);
    const quick = screen.getByRole('radio', { name: /quick/i });
    const comprehensive = screen.getByRole('radio', { name: /comprehensive/i });
    expect(quick).toHaveTextContent(`Results in about a second · ${QUICK_METRICS.length} measures`);
    expect(comprehensive).toHaveTextContent(
      `Results in about a second · ${COMPREHENSIVE_METRICS.length} measures`,
    );
    expect(document.body).not.toHaveTextContent(/minutes/i);
  });

  it('the guide times the preparation, not the analysis, in seconds or a minute', () => {
    const { rerender } = render(
      <ScanGuide open step={0} onToggle={() => {}} onNext={() => {}} onSkip={() => {}} />,
    );
    expect(screen.getByText(/Step 1 of 4 · About a minute/)).toBeInTheDocument();
    rerender(<ScanGuide open step={3} onToggle={() => {}} onNext={() => {}} onSkip={() => {}} />);
    expect(screen.getByText(/Step 4 of 4 · Results in about a second/)).toBeInTheDocument();
    expect(GUIDE_STEPS.map((s) => s.time).join(' ')).not.toMatch(/minutes/);
  });
});
