import type {
  AnalysisType,
  Environment,
  Finding,
  MetricKey,
  Recommendation,
  Routine,
  ScanConcern,
} from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import type { Catalogue } from './catalogue';
import { recommend } from './recommend';
import { buildReport } from './report';

/**
 * What a scan measured (the engine's scores and findings, after any merge of an outside API's
 * scores) plus who it is for (profile, concerns) and where they are (UV, humidity, temperature).
 */
export interface AdviceInput {
  analysisType: AnalysisType;
  scores: Partial<Record<MetricKey, number>>;
  overall_score: number;
  findings: Finding[];
  /** The profile's skin type when the person chose one; otherwise the estimate is used. */
  profileSkinType: SkinType | null;
  estimatedSkinType: SkinType;
  concerns: ScanConcern[];
  environment: Environment | null;
  catalogue: Catalogue;
}

export interface Advice {
  recommendation: Recommendation;
  routine: Routine;
  /** Plain-English report (`full_response_text`). */
  report: string;
}

/** The one interpreter of a scan: measurements in, the routine and the report out. Pure. */
export function advise(input: AdviceInput): Advice {
  const { recommendation, routine } = recommend({
    scores: input.scores,
    profileSkinType: input.profileSkinType,
    estimatedSkinType: input.estimatedSkinType,
    concerns: input.concerns,
    environment: input.environment,
    catalogue: input.catalogue,
  });
  const report = buildReport({
    analysisType: input.analysisType,
    scores: input.scores,
    overall_score: input.overall_score,
    findings: input.findings,
    recommendation,
    routine,
    environment: input.environment,
  });
  return { recommendation, routine, report };
}
