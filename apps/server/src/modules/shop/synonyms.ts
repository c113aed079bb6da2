/**
 * Words people type for the same active ingredient. The catalogue names each one once, the way
 * its label does ('Retinal (retinaldehyde, 0.05%)'), and PostgreSQL's stemmer does not know they
 * are related, so a search for "retinol" would miss RenewLift. Each group's words find each other.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['retinol', 'retinal', 'retinoid', 'retinaldehyde'],
  ['vitamin c', 'ascorbic', 'ascorbyl'],
  ['bha', 'salicylic'],
  ['aha', 'glycolic', 'lactic', 'mandelic'],
  ['niacinamide', 'vitamin b3', 'b3'],
];

/** Variants of one search, bounded: every query runs a full-text match per variant. */
const MAX_VARIANTS = 6;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The search text and its variants with each known ingredient word swapped for its synonyms,
 * e.g. 'retinol serum' → ['retinol serum', 'retinal serum', 'retinoid serum', ...]. The original
 * comes first; at most MAX_VARIANTS texts.
 */
export function searchVariants(q: string): string[] {
  const variants = [q];
  const lower = q.toLowerCase();
  for (const group of SYNONYM_GROUPS) {
    // Longest first, so 'vitamin b3' is replaced whole before 'b3'.
    const term = [...group]
      .sort((a, b) => b.length - a.length)
      .find((word) =>
        new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'u').test(lower),
      );
    if (!term) continue;
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegExp(term)}(?=$|[^\\p{L}\\p{N}])`,
      'gu',
    );
    for (const other of group) {
      if (other === term || variants.length >= MAX_VARIANTS) continue;
      variants.push(lower.replace(pattern, (_, before: string) => `${before}${other}`));
    }
  }
  return variants;
}
