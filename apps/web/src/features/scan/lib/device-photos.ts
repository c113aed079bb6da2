import { getSession, subscribeSession } from '@/lib/platform/storage';

/**
 * The photos of scans analysed on this device (decision 100), in this page's memory only: the
 * analysis page draws the zones and marks on them while the app stays open. Never stored, never
 * sent; revoked when the person signs out or another signs in.
 */
export interface DevicePhoto {
  url: string;
  width: number;
  height: number;
}

const photos = new Map<string, DevicePhoto>();
let owner: string | null | undefined;
let unsubscribe: (() => void) | null = null;

/** Revokes every kept photo (sign-out, or another person signed in). */
export function forgetDevicePhotos() {
  for (const photo of photos.values()) URL.revokeObjectURL(photo.url);
  photos.clear();
}

function watchSession() {
  if (unsubscribe) return;
  owner = getSession()?.user.id ?? null;
  unsubscribe = subscribeSession(() => {
    const next = getSession()?.user.id ?? null;
    if (next === owner) return;
    owner = next;
    forgetDevicePhotos();
  });
}

/** Keeps the photo of `analysisId` for this page's life (its analysed size: the zones' space). */
export function keepDevicePhoto(
  analysisId: string,
  photo: Blob,
  size: { width: number; height: number },
) {
  watchSession();
  const kept = photos.get(analysisId);
  if (kept) URL.revokeObjectURL(kept.url);
  photos.set(analysisId, { url: URL.createObjectURL(photo), ...size });
}

/** The photo of a scan analysed on this device, while this page keeps it. */
export function devicePhoto(analysisId: string): DevicePhoto | null {
  return photos.get(analysisId) ?? null;
}
