import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { ScanConcern } from '@lumiskin/contract/analysis';
import type { DeviceScanBody } from '@lumiskin/contract/device-scan';
import type { AnalysisResult } from '@lumiskin/skin-engine';
import { sendOrQueue, type SendResult } from '@/lib/platform/outbox';

/**
 * What a scan analysed on this device sends (POST /api/analysis/device, decision 100): the
 * engine's result, field by field, and the scan's options. Never the photo: it stays on the phone.
 */
export function deviceScanBody(
  result: AnalysisResult,
  options: {
    location: string;
    concerns: ScanConcern[];
    photo: { width: number; height: number };
    takenAt: Date;
  },
): DeviceScanBody {
  return {
    location: options.location,
    concerns: options.concerns,
    photo: options.photo,
    taken_at: options.takenAt.toISOString(),
    result: {
      analysis_type: result.analysis_type,
      scores: result.scores,
      overall_score: result.overall_score,
      findings: result.findings,
      regions: result.regions,
      region_scores: result.region_scores,
      measurements: result.measurements as unknown as Record<string, Record<string, number>>,
      raw: result.raw,
      counts: result.counts,
      skin_tone: result.skin_tone,
      estimated_skin_type: result.estimated_skin_type,
      face: result.face,
      quality: result.quality,
      overlays: result.overlays,
      zone_notes: result.zone_notes,
      unmeasured: result.unmeasured,
      capture: result.capture,
      methods: result.methods,
      method_version: result.method_version,
      timings_ms: result.timings_ms,
    },
  };
}

/**
 * Sends the results now, or — offline, or without an answer — keeps them in the outbox
 * (lib/platform/outbox.ts), sent when the connection returns.
 */
export function postDeviceAnalysis(body: DeviceScanBody): Promise<SendResult<Analysis>> {
  const day = (body.taken_at ?? new Date().toISOString()).slice(0, 10);
  return sendOrQueue<Analysis>({
    method: 'POST',
    path: '/analysis/device',
    body,
    label: `Scan results of ${day}`,
  });
}
