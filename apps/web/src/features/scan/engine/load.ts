import type { DeviceEngineOptions } from './client';
import type { DecodePhoto, DeviceEngine } from './device-engine';

/**
 * The on-device engine's client is a chunk of its own (decision 094): every caller reaches it
 * through these, so only the scan screen, and only when it needs the engine, downloads it.
 */
const client = () => import('./client');

/** `warmUp` for callers that load it ahead of a photo (client.ts `DeviceEngineOptions`). */
export const loadDeviceEngine = (options?: DeviceEngineOptions): Promise<DeviceEngine> =>
  client().then((m) => m.getDeviceEngine(options));

export const decodePhotoOnDevice: DecodePhoto = (photo) =>
  client().then((m) => m.decodePhoto(photo));
