import { DEFAULT_USER_SETTINGS, type Account } from '@lumiskin/contract/account';
import type { GeoPlace } from '@lumiskin/contract/geo';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ScanRoute from '@/features/scan/routes/scan';
import { saveSession } from '@/lib/platform/storage';
import { createHistoryItem, consentStatus } from '@/testing/scan-factory';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';

const user = createUser({ id: 'usr_place' });
const me: Account = {
  ...user,
  notes: '',
  timezone: 'UTC',
  settings: DEFAULT_USER_SETTINGS,
  goals: { target_score: null, scans_per_week: null },
  email_confirmed: true,
};
const paris: GeoPlace = {
  name: 'Paris, FR',
  city: 'Paris',
  country_code: 'FR',
  country_name: 'France',
  lat: 48.85,
  lon: 2.35,
  timezone: 'Europe/Paris',
  population: 2_100_000,
};

/** The account, its consent given, and a gazetteer that knows Paris. */
const signedInAndConsented = {
  'GET /api/users/me': () => ({ user: me }),
  'GET /api/analysis/consent': () => consentStatus(),
} as const;
const knowsParis = {
  'GET /api/geo/place': () => paris,
  'GET /api/geo/search': () => ({ results: [paris] }),
} as const;

beforeEach(() => saveSession({ token: 'tok-place', user }));
afterEach(() => vi.unstubAllGlobals());

describe('the scan screen’s place', () => {
  it('keeps the town the person chose while the detection was still running', async () => {
    // The last scan's place (the detection's second try: jsdom has no position) answers only
    // after the person has typed their town.
    let answerHistory: (() => void) | undefined;
    const history = new Promise<void>((resolve) => (answerHistory = resolve));
    fakeApi({
      ...signedInAndConsented,
      'GET /api/analysis/history': async () => {
        await history;
        return [createHistoryItem({ location: 'London, GB' })];
      },
      ...knowsParis,
    });
    const view = renderWithRouter([{ path: '/scan', element: <ScanRoute /> }], '/scan');

    await view.user.click(await screen.findByRole('button', { name: 'Change' }));
    await view.user.type(screen.getByLabelText('City'), 'Paris, FR{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-location')).toHaveTextContent('Paris, FR'));

    answerHistory?.();
    // The late answer (London, the last scan's place) does not replace the person's choice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('scan-location')).toHaveTextContent('Paris, FR');
    expect(screen.getByText(/chosen by you/)).toBeInTheDocument();
  });

  it('with no place found, the Analyze button says why it waits and opens the place step', async () => {
    // jsdom has no blob: URLs; the photo's preview uses one.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:place-photo';
        static override revokeObjectURL = () => {};
      },
    );
    // No position (jsdom), no earlier scan, and the IP lookup knows nothing.
    fakeApi({
      ...signedInAndConsented,
      'GET /api/analysis/history': () => [],
      'GET /api/geo/ip': () => apiError(404, 'No place for this address', 'not_found'),
      ...knowsParis,
    });
    const view = renderWithRouter([{ path: '/scan', element: <ScanRoute /> }], '/scan');
    await screen.findByTestId('scan-location-missing');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'me.jpg', {
      type: 'image/jpeg',
    });
    expect(screen.getByTestId('photo-said')).toHaveTextContent(/^$/);
    await view.user.upload(screen.getByLabelText('Upload a photo'), photo);
    // Said without moving the focus: the Ready panel appeared below.
    expect(screen.getByTestId('photo-said')).toHaveTextContent('Your photo is ready for analysis.');

    const analyse = await screen.findByRole('button', { name: /Analyse My Skin/ });
    expect(analyse).toBeDisabled();
    expect(analyse).toHaveAccessibleDescription(
      'Your town comes first: its UV and climate shape your routine. Choose your town',
    );
    await view.user.click(screen.getByRole('button', { name: 'Choose your town' }));
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveFocus());
    await view.user.type(city, 'Paris, FR{Enter}');
    await waitFor(() => expect(analyse).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Choose your town' })).toBeNull();
  });
});
