import type { CapacitorConfig } from '@capacitor/cli';

/** Native shell around the built SPA (spec §1). `npx cap add android` creates the project on demand. */
const config: CapacitorConfig = {
  appId: 'app.lumiskin',
  appName: 'Lumiskin',
  webDir: 'dist',
  backgroundColor: '#fbf8f6',
  plugins: {
    // Spec §4/§9: the splash hides after 2 s; the status bar is the brand violet.
    SplashScreen: { launchShowDuration: 2000, backgroundColor: '#8b5cf6' },
    StatusBar: { backgroundColor: '#8b5cf6' },
  },
};

export default config;
