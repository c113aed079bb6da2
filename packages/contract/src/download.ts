import { z } from 'zod';
import './plain-errors';

/** What the /download page shows about the Android app: whether a built APK is on this server. */
export const AppDownloadInfo = z.object({
  android: z.discriminatedUnion('available', [
    z.object({
      available: z.literal(true),
      /** Same-origin path of the file. */
      url: z.string(),
      version: z.string(),
      size_bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      updated_at: z.string(),
    }),
    z.object({ available: z.literal(false) }),
  ]),
});
export type AppDownloadInfo = z.infer<typeof AppDownloadInfo>;

/** Where the server serves the APK from (the site's downloads path, docs/product-rules.md#download-and-install). */
export const ANDROID_APK_PATH = '/downloads/lumiskin.apk';
