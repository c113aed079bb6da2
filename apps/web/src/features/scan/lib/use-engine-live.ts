import { useEffect, useState } from 'react';
import { loadDeviceEngine } from '@/features/scan/engine/load';
import { liveAssessFrom } from './live-assess';
import type { LiveAssess } from './live-guidance';

/**
 * Live guidance from the on-device engine (issue 32) while the camera is open: the engine's client
 * is imported (its own chunk) and its worker loaded only then, so no other screen downloads it.
 * Until it has loaded, or where it cannot (no WebAssembly, a failed download), the camera view
 * keeps its own hints. The same inside the Android app, whose WebView shows the same camera view
 * (decision 135).
 */
export function useEngineLive(cameraOn: boolean): LiveAssess | undefined {
  const [liveAssess, setLiveAssess] = useState<LiveAssess>();
  useEffect(() => {
    if (!cameraOn || liveAssess) return;
    let cancelled = false;
    // No warm-up here (decision 113): it would hold back the guidance by one analysis, and the live
    // frames warm the detector anyway. With analysis on this device, usePreloadEngine has already
    // started the load with its warm-up when the scan screen opened (the first load wins).
    loadDeviceEngine().then(
      (engine) => {
        if (!cancelled) setLiveAssess(() => liveAssessFrom((f, o) => engine.assess(f, o)));
      },
      () => {
        // The camera view's own hints stay; a scan still works (on the server or on retry).
      },
    );
    return () => {
      cancelled = true;
    };
  }, [cameraOn, liveAssess]);
  return cameraOn ? liveAssess : undefined;
}

/**
 * With analysis on this device, the engine starts loading as soon as the scan screen opens, so
 * its download and warm-up happen while the person frames the photo, not after they press Analyse.
 */
export function usePreloadEngine(wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    loadDeviceEngine({ warmUp: true }).catch(() => {
      // Told at scan time (DeviceScanMessages.engineUnavailable), when it matters.
    });
  }, [wanted]);
}
