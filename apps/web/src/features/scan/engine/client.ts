import type { DecodePhoto, DeviceEngine } from '@/features/scan/engine/device-engine';

/*
 * Placeholder of the w32-device branch: the real client (the skin engine in a Web Worker) comes
 * from the engine branch and replaces this file at merge. Tests inject their own engine.
 */

/** The skin engine in a Web Worker, loaded on first use. */
export function getDeviceEngine(): Promise<DeviceEngine> {
  return Promise.reject(new Error('device engine not built in this branch'));
}

/** Decodes a photo the way the server does before its engine sees it. */
export const decodePhoto: DecodePhoto = () => {
  throw new Error('device engine not built in this branch');
};
