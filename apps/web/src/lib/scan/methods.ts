import {
  methodChanges,
  sameMethod,
  type MetricKey,
  type MetricMethods,
} from '@lumiskin/contract/analysis';

/**
 * Scores measured with different methods (decision 037) are not differenced: every place that
 * shows a change between two scans asks here first.
 */
interface Measured {
  scores: Partial<Record<MetricKey, number>>;
  methods?: MetricMethods | null | undefined;
}

/** Whether `metric`'s change is withheld because its method changed between the two scans. */
export function methodChanged(
  current: Measured,
  previous: Measured | null | undefined,
  metric: MetricKey,
): boolean {
  return (
    !!previous &&
    current.scores[metric] !== undefined &&
    previous.scores[metric] !== undefined &&
    !sameMethod(current, previous, metric)
  );
}

/** The metrics both scans scored whose methods differ (their changes are not shown). */
export function changedMethods(current: Measured, previous: Measured | null | undefined) {
  if (!previous) return [];
  return methodChanges(current, previous).filter(
    (m) => current.scores[m] !== undefined && previous.scores[m] !== undefined,
  );
}

/**
 * Whether two overall scores may be differenced: the overall is a weighted mean of the reported
 * metrics, so a metric measured differently in either scan moves it too.
 */
export function overallComparable(current: Measured, previous: Measured): boolean {
  return methodChanges(current, previous).length === 0;
}
