import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadyPanel } from '@/features/scan/components/ready-panel';

const panel = (props: { analyzing: boolean; sent: number | null; photoCount?: number }) =>
  render(
    <ReadyPanel
      photoCount={props.photoCount ?? 1}
      analysisType="quick"
      location="London, GB"
      analyzing={props.analyzing}
      sent={props.sent}
      queued={null}
      onStart={() => {}}
      onDone={() => {}}
      onFailed={() => {}}
    />,
  );

describe('ReadyPanel while a scan goes out', () => {
  it('says how much of the photo has been sent, with a bar, while it uploads', () => {
    panel({ analyzing: true, sent: 0.426 });
    expect(screen.getByRole('button', { name: 'Sending your photo… 42 %' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Photo sent' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText(/slow connection/)).toBeInTheDocument();
    expect(screen.queryByText(/Analysing/)).toBeNull();
  });

  it('three photos are "your photos"', () => {
    panel({ analyzing: true, sent: 0.1, photoCount: 3 });
    expect(screen.getByRole('button')).toHaveTextContent('Sending your photos… 10 %');
    expect(screen.getByRole('progressbar', { name: 'Photos sent' })).toBeInTheDocument();
  });

  it('once everything is sent, it is the analysis that runs', () => {
    panel({ analyzing: true, sent: 1 });
    expect(screen.getByRole('button')).toHaveTextContent('Analysing your skin…');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('This usually takes a few seconds.')).toBeInTheDocument();
  });

  it('on the device (nothing is sent) it is the analysis from the start', () => {
    panel({ analyzing: true, sent: null });
    expect(screen.getByRole('button')).toHaveTextContent('Analysing your skin…');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
