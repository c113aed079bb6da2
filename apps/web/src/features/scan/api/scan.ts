import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import type { ScanBody } from '@lumiskin/contract/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';

export interface ScanRequest {
  location: string;
  analysisType: AnalysisType;
  concerns: ScanConcern[];
  /** Camera captures as data URLs (front first, then left and right profiles)… */
  captures: string[];
  /** …or one uploaded file, sent as multipart (spec §7). */
  file: File | null;
}

/** POST /api/analysis/scan (camera captures) or /scan-upload (an uploaded file). */
export async function runScan(request: ScanRequest): Promise<Analysis> {
  if (request.file) {
    const form = new FormData();
    form.append('image', request.file);
    form.append('location', request.location);
    form.append('analysis_type', request.analysisType);
    for (const concern of request.concerns) form.append('concerns', concern);
    return api.post<Analysis>('/analysis/scan-upload', form);
  }
  const [front, ...extras] = request.captures;
  const body: ScanBody = {
    image_data: front ?? '',
    location: request.location,
    analysis_type: request.analysisType,
    concerns: request.concerns,
    images: extras,
  };
  return api.post<Analysis>('/analysis/scan', body);
}

export function useRunScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runScan,
    onSuccess: (analysis) => {
      queryClient.setQueryData(getAnalysisQueryOptions(analysis.id).queryKey, analysis);
      void queryClient.invalidateQueries({ queryKey: getScanHistoryQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getDashboardStatsQueryOptions().queryKey });
      // A new user's first scan sets their routine up on the server, with a 'setup' entry.
      void queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey });
    },
  });
}
