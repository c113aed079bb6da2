import type { ConsentStatus } from '@lumiskin/contract/scan';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoConsentSection } from '@/features/profile/components/photo-consent-section';
import { fakeApi } from '@/testing/fake-api';
import { consentStatus } from '@/testing/scan-factory';
import { renderWithRouter } from '@/testing/test-utils';

const given = consentStatus();
const none = consentStatus({ given: false });

function serve(start: ConsentStatus) {
  let status = start;
  let withdrawn = 0;
  fakeApi({
    'GET /api/analysis/consent': () => status,
    'DELETE /api/analysis/consent': () => {
      withdrawn += 1;
      status = none;
      return new Response(null, { status: 204 });
    },
  });
  return { withdrawals: () => withdrawn };
}

const show = () =>
  renderWithRouter([{ path: '/profile', element: <PhotoConsentSection /> }], '/profile');

describe('PhotoConsentSection', () => {
  it('says when the consent was given, and withdraws it once confirmed', async () => {
    const api = serve(given);
    const { user } = show();
    expect(await screen.findByTestId('consent-state')).toHaveTextContent(/You agreed on 1 Nov/);

    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your consent?' });
    // What stays is said before it is confirmed.
    expect(dialog).toHaveTextContent('The scans and photos you have stay until you delete them');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my consent' }));
    expect(api.withdrawals()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw consent' }),
    );
    await waitFor(() => expect(api.withdrawals()).toBe(1));
    expect(await screen.findByTestId('consent-state')).toHaveTextContent(
      'You have not agreed to photo analysis',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw consent' })).not.toBeInTheDocument();
  });

  it('says a changed text is asked for again, with nothing to withdraw', async () => {
    serve({ ...given, consented: false, current_version: '2025-01+0123456789ab' });
    show();
    expect(await screen.findByTestId('consent-state')).toHaveTextContent(
      'has changed since you agreed',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw consent' })).not.toBeInTheDocument();
  });
});
