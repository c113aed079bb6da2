import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisSummary } from '@/features/scan/components/analysis-summary';
import { ANALYSIS_ID, createAnalysis } from '@/testing/scan-factory';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

function renderSummary() {
  // jsdom has no blob: URLs; the private photo is shown through one.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:photo';
      static override revokeObjectURL = () => {};
    },
  );
  fakeApi({
    'GET /api/analysis/:id/photo': () =>
      new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } }),
  });
  const analysis = createAnalysis({
    scores: { acne: 72, oiliness: 81, texture: 78, hydration: 90 },
    overall_score: 80,
  });
  analysis.findings.push({
    metric: 'hydration',
    score: 90,
    band: 'good',
    summary: 'Well hydrated.',
    regions: [],
    confidence: 0.8,
    estimated: false,
  });
  return renderWithRouter(
    [
      {
        path: '/scan',
        element: <AnalysisSummary analysis={analysis} heading={<h2>Analysis Complete!</h2>} />,
      },
    ],
    '/scan',
  );
}

describe('the summary of a scan (the result on /scan)', () => {
  it('shows the score ring, the three measures needing most care as bars, the photo with zones and the way to the full analysis', async () => {
    renderSummary();

    expect(
      screen.getByRole('img', { name: /^Overall skin score 80 out of 100/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('4 measures · overall skin score')).toBeInTheDocument();

    const findings = screen.getByRole('region', { name: 'What needs the most care' });
    const bars = within(findings).getAllByRole('meter');
    // The three lowest of four, in the analysis page's order of measures.
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow')).sort()).toEqual(['72', '78', '81']);
    expect(within(findings).queryByText('Well hydrated.')).not.toBeInTheDocument();

    const photo = screen.getByRole('group', { name: 'Your photo' });
    expect(await within(photo).findByRole('img', { name: /photo/i })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    expect(within(photo).getByRole('list', { name: 'Zone scores' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'See full analysis' })).toHaveAttribute(
      'href',
      `/analysis/${ANALYSIS_ID}`,
    );
  });

  it('reads the score before the photo on a phone, the photo first beside it on a wider window', async () => {
    const before = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    // A phone (the test's matchMedia matches nothing).
    const phone = renderSummary();
    expect(
      before(
        screen.getByRole('heading', { name: 'Analysis Complete!' }),
        screen.getByRole('group', { name: 'Your photo' }),
      ),
    ).toBe(true);
    phone.unmount();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(min-width: 48rem)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderSummary();
    expect(
      before(
        screen.getByRole('group', { name: 'Your photo' }),
        screen.getByRole('heading', { name: 'Analysis Complete!' }),
      ),
    ).toBe(true);
    matchMedia.mockRestore();
  });
});
