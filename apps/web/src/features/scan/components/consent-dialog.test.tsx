import type { ConsentStatus } from '@lumiskin/contract/scan';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConsentDialog } from '@/features/scan/components/consent-dialog';
import { consentStatus } from '@/testing/scan-factory';

const status = (over: Partial<ConsentStatus> = {}): ConsentStatus =>
  consentStatus({ given: false, ...over });

function show(value: ConsentStatus | undefined) {
  const onAgree = vi.fn();
  render(
    <ConsentDialog open onOpenChange={() => {}} status={value} onAgree={onAgree} pending={false} />,
  );
  return { onAgree, user: userEvent.setup() };
}

describe('ConsentDialog', () => {
  it('says the photo stays on this server when no outside service is set up, and agrees to the text shown', async () => {
    const { onAgree, user } = show(status());
    const purpose = screen.getByTestId('consent-purpose');
    expect(purpose).toHaveTextContent('not sent to anyone else');
    expect(purpose).not.toHaveTextContent(/outside|unless/);
    const agree = screen.getByRole('button', { name: 'Agree and analyse' });
    expect(agree).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    await user.click(agree);
    expect(onAgree).toHaveBeenCalledWith('2025-01');
  });

  it('names each outside service the server uses, by host', async () => {
    const { onAgree, user } = show(
      status({
        current_version: '2025-01+0123456789ab',
        outside_services: [
          { kind: 'skin_analysis', host: 'api-us.faceplusplus.com' },
          { kind: 'report_wording', host: 'api.openai.com' },
        ],
      }),
    );
    const purpose = screen.getByTestId('consent-purpose');
    expect(purpose).toHaveTextContent(
      'sends your photo to an outside skin-analysis service (api-us.faceplusplus.com)',
    );
    expect(purpose).toHaveTextContent(
      'Your scores and findings, without the photo, go to an outside writing service (api.openai.com)',
    );
    expect(purpose).not.toHaveTextContent('not sent to anyone else');
    expect(screen.getByRole('heading', { name: 'Before your first scan' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Agree and analyse' }));
    expect(onAgree).toHaveBeenCalledWith('2025-01+0123456789ab');
  });

  it('tells someone who agreed to an earlier text that it changed', () => {
    show(
      status({
        version: '2025-01',
        consented_at: '2026-01-01T00:00:00.000Z',
        current_version: '2025-01+0123456789ab',
        outside_services: [{ kind: 'skin_analysis', host: 'skin.example' }],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Before your next scan' })).toBeInTheDocument();
    expect(screen.getByText(/has changed since you agreed/)).toBeInTheDocument();
  });

  it('cannot be agreed to before the server has said what it does with the photo', async () => {
    const { user } = show(undefined);
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Agree and analyse' })).toBeDisabled();
  });
});
