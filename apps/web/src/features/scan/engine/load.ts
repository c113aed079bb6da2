import type * as Client from './client';
import type { DeviceEngineOptions } from './client';
import type { DecodePhoto, DeviceEngine } from './device-engine';

/**
 * The on-device engine's client is a chunk of its own (decision 094): every caller reaches it
 * through these, so only the scan screen, and only when it needs the engine, downloads it.
 */
let clientChunk: Promise<typeof Client> | null = null;
/**
 * One import, shared: since decision 138 the photo is decoded while the engine loads, so both ask
 * for the chunk at once (vitest's module mocks did not survive two concurrent dynamic imports). A
 * failed import (offline before the chunk was cached) is not kept: the next scan asks again.
 */
const client = () =>
  (clientChunk ??= import('./client').catch((error: unknown) => {
    clientChunk = null;
    throw error;
  }));

/** `warmUp` for callers that load it ahead of a photo (client.ts `DeviceEngineOptions`). */
export const loadDeviceEngine = (options?: DeviceEngineOptions): Promise<DeviceEngine> =>
  client().then((m) => m.getDeviceEngine(options));

export const decodePhotoOnDevice: DecodePhoto = (photo) =>
  client().then((m) => m.decodePhoto(photo));
