import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android shell around the web app (docs/product-rules.md#native-app; docs/android.md). The app loads the Lumiskin
 * server named by LUMISKIN_APP_URL at `cap sync` time (its API is same-origin there, and updates
 * need no new APK); without it the shell shows the bundled build, which cannot reach an API.
 */
const appUrl = process.env.LUMISKIN_APP_URL?.trim();

const config: CapacitorConfig = {
  appId: 'app.lumiskin',
  appName: 'Lumiskin',
  webDir: 'dist',
  backgroundColor: '#fbf8f6',
  // Names the app among the devices a person is signed in on ("Lumiskin app on Android",
  // apps/server/src/modules/auth/device-label.ts; decision 182).
  appendUserAgent: 'LumiskinApp/1',
  ...(appUrl && {
    server: { url: appUrl, cleartext: appUrl.startsWith('http://'), androidScheme: 'https' },
  }),
  android: { allowMixedContent: false },
  plugins: {
    // docs/product-rules.md#native-app: the splash hides after 2 s (lib/platform/native.ts hides it; this is the upper bound);
    // the status bar is the brand violet.
    SplashScreen: {
      launchShowDuration: 2000,
      launchAutoHide: false,
      backgroundColor: '#8b5cf6',
      showSpinner: false,
    },
    StatusBar: { backgroundColor: '#8b5cf6' },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
