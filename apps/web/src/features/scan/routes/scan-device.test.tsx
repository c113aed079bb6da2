import { DEFAULT_USER_SETTINGS, type Account } from '@lumiskin/contract/account';
import type { Analysis } from '@lumiskin/contract/analysis-api';
import {
  DEVICE_SCAN_MAX_BYTES,
  DeviceScanMessages,
  type DeviceScanBody,
} from '@lumiskin/contract/device-scan';
import { SCAN_MAX_BYTES, ScanMessages } from '@lumiskin/contract/scan';
import { describeRefusal } from '@lumiskin/skin-advice';
import type { AnalysisResult, AnalyzeOutcome, PixelImage } from '@lumiskin/skin-engine';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceEngine } from '@/features/scan/engine/device-engine';
import fixture from '@/features/scan/engine/test-fixtures/device-result.json';
import ScanRoute from '@/features/scan/routes/scan';
import { reportReachable } from '@/lib/platform/connection';
import { flushOutbox, resetOutboxForTests } from '@/lib/platform/outbox';
import { saveSession } from '@/lib/platform/storage';
import { createAnalysis, createHistoryItem, consentStatus } from '@/testing/scan-factory';
import { fakeApi, reply, type FakeRequest } from '@/testing/fake-api';
import { createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';

/**
 * The engine is injected: a fake DeviceEngine answering with a real engine result (the Node
 * engine on the server's test photo, apps/server/src/scripts/device-result-fixture.ts).
 */
const RESULT = fixture.result as unknown as AnalysisResult;
let outcome: AnalyzeOutcome = RESULT;
const analyse = vi.fn(async () => outcome);
const engine: DeviceEngine = {
  loaded: { loadMs: 0, warmUpMs: null },
  analyse,
  detect: async () => [],
  assess: () => Promise.reject(new Error('live guidance is not part of a device scan')),
  dispose: () => {},
};
const PIXELS: PixelImage = {
  data: new Uint8Array(fixture.photo.width * fixture.photo.height * 3),
  width: fixture.photo.width,
  height: fixture.photo.height,
  channels: 3,
};
vi.mock('@/features/scan/engine/client', () => ({
  getDeviceEngine: async () => engine,
  decodePhoto: async () => PIXELS,
}));

const user = createUser({ id: 'usr_device' });
function account(analyseOnDevice: boolean): Account {
  return {
    ...user,
    notes: '',
    timezone: 'UTC',
    settings: { ...DEFAULT_USER_SETTINGS, analyse_on_device: analyseOnDevice },
    goals: { target_score: null, scans_per_week: null },
    email_confirmed: true,
  };
}

const STORED = createAnalysis({
  id: 'b3a1c2d4-0000-4000-8000-000000000001',
  computed_on: 'device',
});

function renderScan(
  settings: { onDevice: boolean; consented?: boolean },
  device: (request: FakeRequest) => Analysis | Response | Promise<Response> = () =>
    reply('POST /api/analysis/device', STORED, 201),
) {
  let me = account(settings.onDevice);
  const api = fakeApi({
    'GET /api/users/me': () => ({ user: me }),
    'PATCH /api/users/me': ({ body }) => {
      const patch = body as { settings: Partial<Account['settings']> };
      me = { ...me, settings: { ...me.settings, ...patch.settings } };
      return { user: me };
    },
    'GET /api/analysis/consent': () => consentStatus({ given: settings.consented ?? false }),
    'GET /api/analysis/history': () => [createHistoryItem({ location: 'London, GB' })],
    'POST /api/analysis/device': device,
  });
  const view = renderWithRouter(
    [
      { path: '/scan', element: <ScanRoute /> },
      { path: '/analysis/:id', element: <LocationProbe label="Analysis page" /> },
    ],
    '/scan',
  );
  return { ...view, api };
}

async function uploadAndAnalyse(
  view: ReturnType<typeof renderScan>,
  bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]),
  type = 'image/jpeg',
) {
  const photo = new File([bytes], type === 'image/heic' ? 'me.heic' : 'me.jpg', { type });
  await view.user.upload(screen.getByLabelText('Upload a photo'), photo);
  // The button waits for the place, which comes from the last scan.
  const button = await screen.findByRole('button', { name: /Analyse My Skin/ });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
}

const calls = (api: ReturnType<typeof fakeApi>, route: string) =>
  api.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === route);

beforeEach(() => {
  outcome = RESULT;
  analyse.mockClear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  reportReachable(true);
  resetOutboxForTests();
  saveSession({ token: 'tok-device', user });
  // jsdom has no blob: URLs; the analysis page keeps the photo through one.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:device-photo';
      static override revokeObjectURL = () => {};
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('analysis on this device, from the scan screen', () => {
  it('offers the setting with its sentence and saves it to the account', async () => {
    const view = renderScan({ onDevice: false });
    const toggle = await screen.findByRole('switch', { name: /Analyse on this device/ });
    expect(screen.getByText(DeviceScanMessages.photoStays)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await view.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const [patch] = calls(view.api, 'PATCH /api/users/me');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ settings: { analyse_on_device: true } });
  });

  it('analyses with the device engine and posts only the results, then opens the analysis', async () => {
    const view = renderScan({ onDevice: true });
    await screen.findByRole('switch', { name: /Analyse on this device/, checked: true });
    await uploadAndAnalyse(view);

    expect(await screen.findByText(`Analysis page at /analysis/${STORED.id}`)).toBeInTheDocument();
    expect(analyse).toHaveBeenCalledWith(
      expect.objectContaining({ image: PIXELS, analysisType: 'quick', angle: 'front' }),
    );
    const [post, ...more] = calls(view.api, 'POST /api/analysis/device');
    expect(more).toEqual([]);
    const text = String(post?.[1]?.body);
    expect(new TextEncoder().encode(text).length).toBeLessThan(DEVICE_SCAN_MAX_BYTES);
    const body = JSON.parse(text) as DeviceScanBody & Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'concerns',
      'location',
      'photo',
      'result',
      'taken_at',
    ]);
    expect(body.result.scores).toEqual(RESULT.scores);
    expect(body.photo).toEqual(fixture.photo);
    // No photo went anywhere: no upload, no image field, no consent asked.
    expect(text).not.toMatch(/image_data|base64|"image"/);
    expect(calls(view.api, 'POST /api/analysis/scan-upload')).toEqual([]);
    expect(calls(view.api, 'POST /api/analysis/consent')).toEqual([]);
  });

  it('tells a refusal with the sentence the server would use, and sends nothing', async () => {
    outcome = { ok: false, code: 'too_dark', angle: 'front' };
    const view = renderScan({ onDevice: true });
    await screen.findByRole('switch', { name: /Analyse on this device/, checked: true });
    await uploadAndAnalyse(view);

    expect(await screen.findByRole('alert')).toHaveTextContent(describeRefusal('too_dark'));
    expect(calls(view.api, 'POST /api/analysis/device')).toEqual([]);
  });

  it('keeps the results in the outbox when the server cannot be reached, and sends them later', async () => {
    let reachable = false;
    const view = renderScan({ onDevice: true }, () =>
      reachable
        ? reply('POST /api/analysis/device', STORED, 201)
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    await screen.findByRole('switch', { name: /Analyse on this device/, checked: true });
    await uploadAndAnalyse(view);

    expect(await screen.findByRole('status')).toHaveTextContent(DeviceScanMessages.queued);
    expect(calls(view.api, 'POST /api/analysis/device')).toHaveLength(1);

    reachable = true;
    expect(await flushOutbox()).toBe(1);
    const [first, second] = calls(view.api, 'POST /api/analysis/device');
    expect(second?.[1]?.body).toBe(first?.[1]?.body);
  });

  it('a photo over 10 MB that cannot be made smaller here is refused at once, before any consent or upload; on the device it is analysed', async () => {
    const huge = new Uint8Array(SCAN_MAX_BYTES + 1);
    const server = renderScan({ onDevice: false });
    await uploadAndAnalyse(server, huge, 'image/heic');
    expect(await screen.findByRole('alert')).toHaveTextContent(ScanMessages.tooLarge);
    expect(screen.queryByRole('dialog')).toBeNull(); // no consent asked for a photo that cannot go
    expect(server.api.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual(
      [],
    );
    server.unmount();

    const device = renderScan({ onDevice: true });
    await uploadAndAnalyse(device, huge);
    expect(await screen.findByText('Analysis page at /analysis/' + STORED.id)).toBeInTheDocument();
    expect(analyse).toHaveBeenCalledOnce();
  });

  it('a JPEG over 10 MB is shrunk before it goes, and refused with nothing sent when it stays over 10 MB', async () => {
    // jsdom decodes no image: the photo stays as it was chosen, as in a browser that cannot.
    const huge = new Uint8Array(SCAN_MAX_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff]);
    const view = renderScan({ onDevice: false, consented: true });
    await uploadAndAnalyse(view, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(ScanMessages.tooLarge);
    expect(view.api.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
    // The button is back for another photo.
    expect(screen.getByRole('button', { name: /Analyse My Skin/ })).toBeEnabled();
  });
});
