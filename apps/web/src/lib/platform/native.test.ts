import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser } from '@/testing/test-utils';

// The plugins are mocked at the bridge: what each native call receives is what the app asks of
// the device (docs/product-rules.md#native-app values).
const camera = vi.hoisted(() => ({ getPhoto: vi.fn() }));
const geolocation = vi.hoisted(() => ({ getCurrentPosition: vi.fn() }));
const splash = vi.hoisted(() => ({ hide: vi.fn(() => Promise.resolve()) }));
const statusBar = vi.hoisted(() => ({
  setBackgroundColor: vi.fn(() => Promise.resolve()),
  setStyle: vi.fn(() => Promise.resolve()),
}));
const push = vi.hoisted(() => ({
  listeners: new Map<string, (value: unknown) => void>(),
  checkPermissions: vi.fn(() => Promise.resolve({ receive: 'prompt' })),
  requestPermissions: vi.fn(() => Promise.resolve({ receive: 'granted' })),
  register: vi.fn(() => Promise.resolve()),
}));

vi.mock('@capacitor/camera', () => ({
  Camera: camera,
  CameraDirection: { Front: 'FRONT', Rear: 'REAR' },
  CameraResultType: { DataUrl: 'dataUrl', Uri: 'uri' },
  CameraSource: { Camera: 'CAMERA', Prompt: 'PROMPT' },
}));
vi.mock('@capacitor/geolocation', () => ({ Geolocation: geolocation }));
vi.mock('@capacitor/splash-screen', () => ({ SplashScreen: splash }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: statusBar, Style: { Dark: 'DARK' } }));
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: {
    ...push,
    addListener: vi.fn((event: string, listener: (value: unknown) => void) => {
      push.listeners.set(event, listener);
      return Promise.resolve({ remove: () => Promise.resolve() });
    }),
  },
}));

const native = () =>
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });

async function bridge() {
  vi.resetModules();
  return import('@/lib/platform/native');
}

beforeEach(() => {
  vi.clearAllMocks();
  push.listeners.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('native bridge', () => {
  it('takes a front-camera photo at quality 90 as a data URL in the app', async () => {
    native();
    camera.getPhoto.mockResolvedValue({ dataUrl: 'data:image/jpeg;base64,AAA', format: 'jpeg' });
    const { takeNativePhoto } = await bridge();
    expect(await takeNativePhoto()).toBe('data:image/jpeg;base64,AAA');
    expect(camera.getPhoto).toHaveBeenCalledWith(
      expect.objectContaining({
        quality: 90,
        resultType: 'dataUrl',
        direction: 'FRONT',
        source: 'CAMERA',
      }),
    );
  });

  it('answers null when the person cancels, and never calls the plugin on the web', async () => {
    native();
    camera.getPhoto.mockRejectedValue(new Error('User cancelled photos app'));
    expect(await (await bridge()).takeNativePhoto()).toBeNull();
    vi.unstubAllGlobals();
    camera.getPhoto.mockClear();
    expect(await (await bridge()).takeNativePhoto()).toBeNull();
    expect(camera.getPhoto).not.toHaveBeenCalled();
  });

  it('locates with low accuracy and a 10 s timeout, natively or through the browser', async () => {
    native();
    geolocation.getCurrentPosition.mockResolvedValue({
      coords: { latitude: 51.5, longitude: -0.1 },
    });
    expect(await (await bridge()).currentPosition()).toEqual({ latitude: 51.5, longitude: -0.1 });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(
      expect.objectContaining({ enableHighAccuracy: false, timeout: 10_000 }),
    );

    vi.unstubAllGlobals();
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail: unknown, options: unknown) => {
      expect(options).toMatchObject({ enableHighAccuracy: false, timeout: 10_000 });
      ok({ coords: { latitude: 40.7, longitude: -74 } } as GeolocationPosition);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    expect(await (await bridge()).currentPosition()).toEqual({ latitude: 40.7, longitude: -74 });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('starts the app: status bar violet, splash hidden after 2 s, push token sent with the bearer', async () => {
    native();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    saveSession({ token: 'tok-123', user: createUser() });
    const fetch = fakeApi({
      'POST /api/user/push-token': () => new Response(null, { status: 204 }),
    });
    const opened: string[] = [];
    const { startNativeApp } = await bridge();
    await startNativeApp((link) => opened.push(link));
    expect(statusBar.setBackgroundColor).toHaveBeenCalledWith({ color: '#8b5cf6' });
    expect(push.requestPermissions).toHaveBeenCalled();
    expect(push.register).toHaveBeenCalled();
    expect(splash.hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1999);
    expect(splash.hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(splash.hide).toHaveBeenCalledTimes(1);

    push.listeners.get('registration')?.({ value: 'fcm-device-token' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/user/push-token');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-123');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'fcm-device-token',
      platform: 'android',
    });

    // A tapped notification opens its place in the app; a link elsewhere is ignored.
    push.listeners.get('pushNotificationActionPerformed')?.({
      notification: { data: { link: '/quiz/daily' } },
    });
    push.listeners.get('pushNotificationActionPerformed')?.({
      notification: { data: { link: '//evil.example' } },
    });
    expect(opened).toEqual(['/quiz/daily']);
  });

  it('only logs a failed push-token request (docs/product-rules.md#native-app), and forgets the device at sign-out', async () => {
    native();
    saveSession({ token: 'tok-456', user: createUser() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = fakeApi({
      'POST /api/user/push-token': () => apiError(500, 'down', 'internal'),
      'DELETE /api/user/push-token': () => new Response(null, { status: 204 }),
    });
    const { registerNativePush, unregisterNativePush } = await bridge();
    await registerNativePush(() => {});
    push.listeners.get('registration')?.({ value: 'fcm-2' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    await unregisterNativePush();
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe('/api/user/push-token');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ token: 'fcm-2' });
  });

  it('does nothing at start in a browser', async () => {
    const { startNativeApp } = await bridge();
    await startNativeApp(() => {});
    expect(statusBar.setBackgroundColor).not.toHaveBeenCalled();
    expect(push.register).not.toHaveBeenCalled();
  });
});
