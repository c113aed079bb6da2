import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import type { ScanJob } from '@lumiskin/contract/scan';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';

/**
 * What the scan page sends: the photos and the person's answers (the server's `ScanRequest` and
 * `runScan` are its own steps of analysing them, docs/ARCHITECTURE.md).
 */
export interface ScanUpload {
  location: string;
  analysisType: AnalysisType;
  concerns: ScanConcern[];
  /** Camera captures as data URLs (front first, then left and right profiles)… */
  captures: string[];
  /** …or one uploaded file, sent as multipart (docs/product-rules.md#api). */
  file: File | null;
  /** The share of the photos sent so far, 0 to 1 (a phone's photo takes a while on mobile data). */
  onProgress?: (sent: number) => void;
}

/**
 * A camera capture's data URL as a file (decoded here: the page's CSP lets `fetch` reach only
 * our own origin, not `data:` URLs).
 */
export function captureFile(dataUrl: string, name: string): File {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'image/jpeg';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type });
}

/** A server whose scans are queued answers 202 with the job instead of the analysis. */
export function isScanJob(answer: Analysis | ScanJob): answer is ScanJob {
  return 'job_id' in answer;
}

/**
 * POST /api/analysis/scan-upload as multipart, for an uploaded file and for camera captures
 * alike (front first as `image`, then the left and right profiles as `images`): the server
 * caps bodies at 10 MB and multipart costs no base64 inflation or JSON parsing. The answer is
 * the analysis (201), or the queued scan to follow (202, see get-scan-job.ts).
 */
export async function uploadScan(upload: ScanUpload): Promise<Analysis | ScanJob> {
  const form = new FormData();
  if (upload.file) {
    form.append('image', upload.file);
  } else {
    const [front, ...extras] = upload.captures;
    form.append('image', captureFile(front ?? 'data:image/jpeg;base64,', 'front.jpg'));
    extras.forEach((extra, i) => form.append('images', captureFile(extra, `angle-${i + 1}.jpg`)));
  }
  form.append('location', upload.location);
  form.append('analysis_type', upload.analysisType);
  for (const concern of upload.concerns) form.append('concerns', concern);
  const { onProgress } = upload;
  return api.post<Analysis | ScanJob>('/analysis/scan-upload', form, {
    onUploadProgress: onProgress ? (sent, total) => onProgress(sent / total) : undefined,
  });
}

/** A new analysis exists: cache it, and refresh what it changes. */
export function cacheNewAnalysis(queryClient: QueryClient, analysis: Analysis) {
  queryClient.setQueryData(getAnalysisQueryOptions(analysis.id).queryKey, analysis);
  void queryClient.invalidateQueries({ queryKey: getScanHistoryQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: getDashboardStatsQueryOptions().queryKey });
  // A new user's first scan sets their routine up on the server, with a 'setup' entry.
  void queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey });
}

export function useUploadScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadScan,
    onSuccess: (answer) => {
      // A queued scan is cached when its job is done (components/scan-progress.tsx).
      if (!isScanJob(answer)) cacheNewAnalysis(queryClient, answer);
    },
  });
}
