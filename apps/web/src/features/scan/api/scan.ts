import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import type { ScanBody } from '@lumiskin/contract/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
      queryClient.setQueryData(['analysis', analysis.id], analysis);
      void queryClient.invalidateQueries({ queryKey: ['analysis-history'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
