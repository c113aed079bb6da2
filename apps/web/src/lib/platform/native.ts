/**
 * The one bridge to the native shell (docs/product-rules.md#native-app; Capacitor). Features call these functions and
 * never a plugin: inside the Android app they use the device's camera, location and push; in a
 * browser they fall back to the web APIs (or to nothing, where the web has its own screen).
 * Plugins load on demand, so the web build downloads none of them.
 */
import type { PushTokenInput } from '@lumiskin/contract/notifications';
import { apiRequest } from '@/lib/api/api-client';
import { isNativeApp } from '@/lib/platform/install-prompt';
import { getToken, subscribeSession } from '@/lib/platform/storage';

/** docs/product-rules.md#native-app: the status bar colour, the splash's time, geolocation's limits, photo quality. */
export const STATUS_BAR_COLOR = '#8b5cf6';
export const SPLASH_MS = 2000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const NATIVE_PHOTO_QUALITY = 90;

export const isNative = isNativeApp;

function platform(): PushTokenInput['platform'] {
  const capacitor = (globalThis as { Capacitor?: { getPlatform?: () => string } }).Capacitor;
  return capacitor?.getPlatform?.() === 'ios' ? 'ios' : 'android';
}

/**
 * A photo from the device's front camera as a JPEG data URL (quality 90), or null in a browser
 * (the scan screen's own camera view is the web's way) or when the person cancels.
 */
export async function takeNativePhoto(): Promise<string | null> {
  if (!isNative()) return null;
  const { Camera, CameraDirection, CameraResultType, CameraSource } =
    await import('@capacitor/camera');
  try {
    const photo = await Camera.getPhoto({
      quality: NATIVE_PHOTO_QUALITY,
      resultType: CameraResultType.DataUrl,
      source: CameraSource.Camera,
      direction: CameraDirection.Front,
      correctOrientation: true,
    });
    return photo.dataUrl ?? null;
  } catch (error) {
    // The plugin rejects with "User cancelled photos app" when the person backs out.
    if (/cancel/i.test(String((error as Error).message ?? error))) return null;
    throw error;
  }
}

/** Where the device is, roughly: low accuracy, 10 s at most (docs/product-rules.md#native-app), native or web. */
export async function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  if (isNative()) {
    const { Geolocation } = await import('@capacitor/geolocation');
    const { coords } = await Geolocation.getCurrentPosition({
      enableHighAccuracy: false,
      timeout: GEOLOCATION_TIMEOUT_MS,
      maximumAge: 10 * 60_000,
    });
    return { latitude: coords.latitude, longitude: coords.longitude };
  }
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new Error('Geolocation not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      reject,
      { enableHighAccuracy: false, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
  });
}

let registeredToken: string | null = null;
let pushListening = false;

/** POST /api/user/push-token with the bearer token; failures are only logged (docs/product-rules.md#native-app). */
async function sendPushToken(token: string): Promise<void> {
  if (!getToken()) return; // signed out: sent once someone signs in
  try {
    await apiRequest('/user/push-token', {
      method: 'POST',
      body: { token, platform: platform() } satisfies PushTokenInput,
    });
  } catch (error) {
    console.warn('The push token could not be sent:', error);
  }
}

/**
 * Asks for the notification permission and registers with FCM; the token goes to the server for
 * the person signed in now (and again whenever someone signs in). A tapped notification opens its
 * link in the app.
 */
export async function registerNativePush(openLink: (link: string) => void): Promise<void> {
  if (!isNative()) return;
  const { PushNotifications } = await import('@capacitor/push-notifications');
  if (!pushListening) {
    pushListening = true;
    await PushNotifications.addListener('registration', ({ value }) => {
      registeredToken = value;
      void sendPushToken(value);
    });
    await PushNotifications.addListener('registrationError', (error) => {
      console.warn('Push registration failed:', error.error);
    });
    await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
      const link = (notification.data as { link?: unknown } | undefined)?.link;
      if (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')) {
        openLink(link);
      }
    });
    let hadToken = getToken() !== null;
    subscribeSession(() => {
      const hasToken = getToken() !== null;
      if (hasToken && !hadToken && registeredToken) void sendPushToken(registeredToken);
      hadToken = hasToken;
    });
  }
  try {
    let { receive } = await PushNotifications.checkPermissions();
    if (receive === 'prompt' || receive === 'prompt-with-rationale') {
      ({ receive } = await PushNotifications.requestPermissions());
    }
    if (receive === 'granted') await PushNotifications.register();
  } catch (error) {
    console.warn('Push registration failed:', error);
  }
}

/** At sign-out (while the bearer token still works): the server forgets this device. */
export async function unregisterNativePush(): Promise<void> {
  if (!isNative() || !registeredToken) return;
  try {
    await apiRequest('/user/push-token', { method: 'DELETE', body: { token: registeredToken } });
  } catch (error) {
    console.warn('The push token could not be removed:', error);
  }
}

/**
 * The native app's start (docs/product-rules.md#native-app): status bar colour, push registration, and
 * the splash hidden after 2 s. Does nothing in a browser.
 */
export async function startNativeApp(openLink: (link: string) => void): Promise<void> {
  if (!isNative()) return;
  const [{ StatusBar, Style }, { SplashScreen }] = await Promise.all([
    import('@capacitor/status-bar'),
    import('@capacitor/splash-screen'),
  ]);
  setTimeout(() => void SplashScreen.hide().catch(() => undefined), SPLASH_MS);
  await Promise.allSettled([
    StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR }),
    StatusBar.setStyle({ style: Style.Dark }),
  ]);
  await registerNativePush(openLink);
}
