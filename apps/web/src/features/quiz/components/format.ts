/** Seconds as m:ss (the quiz timer, docs/product-rules.md#quiz). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

export const DIFFICULTY_LABEL = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const;

/** Score colours (docs/product-rules.md#score-bands), with the words that go with them (never colour alone). */
export function scoreTone(score: number): 'success' | 'warning' | 'destructive' {
  if (score >= 80) return 'success';
  if (score >= 60) return 'warning';
  return 'destructive';
}
