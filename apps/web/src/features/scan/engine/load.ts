import type { DecodePhoto, DeviceEngine } from './device-engine';

/**
 * The on-device engine's client is a chunk of its own (decision 094): every caller reaches it
 * through these, so only the scan screen, and only when it needs the engine, downloads it.
 */
const client = () => import('./client');

export const loadDeviceEngine = (): Promise<DeviceEngine> =>
  client().then((m) => m.getDeviceEngine());

export const decodePhotoOnDevice: DecodePhoto = (photo) =>
  client().then((m) => m.decodePhoto(photo));
