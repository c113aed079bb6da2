import type { Analysis } from '@lumiskin/contract/analysis-api';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { EXTRA_ANGLES } from '@lumiskin/contract/scan';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import { describeRefusal } from '@lumiskin/skin-advice';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deviceScanBody, postDeviceAnalysis } from '@/features/scan/api/post-device-analysis';
import { cacheNewAnalysis } from '@/features/scan/api/upload-scan';
import type { DecodedPhoto, DecodePhoto, DeviceEngine } from '@/features/scan/engine/device-engine';
import { decodePhotoOnDevice, loadDeviceEngine } from '@/features/scan/engine/load';
import { keepDevicePhoto } from '@/features/scan/lib/device-photos';

/** How a scan on this device ended: stored, waiting in the outbox, or refused with a sentence. */
export type DeviceScanOutcome =
  { kind: 'done'; analysis: Analysis } | { kind: 'queued' } | { kind: 'refused'; message: string };

export interface DeviceScanRequest {
  /** The front photo first, then the left and right profiles. */
  photos: Blob[];
  analysisType: AnalysisType;
  location: string;
  concerns: ScanConcern[];
}

export interface DeviceScanDeps {
  loadEngine: () => Promise<DeviceEngine>;
  decode: DecodePhoto;
  post: typeof postDeviceAnalysis;
  now?: () => Date;
}

async function decodeAll(decode: DecodePhoto, photos: Blob[]): Promise<DecodedPhoto[] | null> {
  try {
    const out: DecodedPhoto[] = [];
    for (const photo of photos) out.push(await decode(photo));
    return out;
  } catch {
    return null;
  }
}

/**
 * One scan analysed on this device (decision 100): the photos decoded as the server decodes them,
 * the engine in its worker, a refusal told with the server's own sentence, then only the results
 * sent (or kept in the outbox while offline). The front photo stays in this page's memory so the
 * analysis page can draw on it.
 */
export async function runDeviceScan(
  deps: DeviceScanDeps,
  request: DeviceScanRequest,
): Promise<DeviceScanOutcome> {
  const takenAt = deps.now?.() ?? new Date();
  // The photos are decoded while the engine loads (decision 138: on a first scan the load is the
  // longer wait, and the decode runs on this thread, the load mostly in the worker).
  const decoded = decodeAll(deps.decode, request.photos);
  // The engine's answer first: a device that cannot run it says so, not that the photo is
  // unreadable (offline before a first scan kept it, or a browser without module workers or WASM).
  let engine: DeviceEngine;
  try {
    engine = await deps.loadEngine();
  } catch {
    return { kind: 'refused', message: DeviceScanMessages.engineUnavailable };
  }
  const [front, ...extras] = (await decoded) ?? [];
  // The person chose to keep the photo on this device: a photo the browser cannot read (HEIC in
  // most browsers) is never sent to the server behind their back; they are told their choices.
  if (!front) return { kind: 'refused', message: DeviceScanMessages.undecodable };
  // Each photo's pixels, and how its file compressed their colour (decision 171).
  const { encoding, ...image } = front;
  const outcome = await engine.analyse({
    image,
    ...(encoding ? { encoding } : {}),
    analysisType: request.analysisType,
    angle: 'front',
    extraImages: extras.map(({ encoding: extraEncoding, ...extra }, i) => ({
      image: extra,
      angle: EXTRA_ANGLES[i] ?? 'left',
      ...(extraEncoding ? { encoding: extraEncoding } : {}),
    })),
  });
  if (!outcome.ok) return { kind: 'refused', message: describeRefusal(outcome.code) };

  const photo = { width: front.width, height: front.height };
  const body = deviceScanBody(outcome, {
    location: request.location,
    concerns: request.concerns,
    photo,
    takenAt,
  });
  const sent = await deps.post(body);
  if (sent.queued) return { kind: 'queued' };
  const [frontPhoto] = request.photos;
  if (frontPhoto) keepDevicePhoto(sent.data.id, frontPhoto, photo);
  return { kind: 'done', analysis: sent.data };
}

/** The scan screen's on-device scan: the engine client of this app, the outbox, the cache. */
export function useDeviceScan() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const run = async (request: DeviceScanRequest): Promise<DeviceScanOutcome> => {
    setPending(true);
    try {
      const outcome = await runDeviceScan(
        { loadEngine: loadDeviceEngine, decode: decodePhotoOnDevice, post: postDeviceAnalysis },
        request,
      );
      if (outcome.kind === 'done') cacheNewAnalysis(queryClient, outcome.analysis);
      return outcome;
    } finally {
      setPending(false);
    }
  };
  return { run, isPending };
}
