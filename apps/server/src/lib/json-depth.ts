/** Deepest `[`/`{` nesting a JSON body may have; real bodies of this API stay under 6. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays/objects deeper than `max`, found in one pass over the characters
 * without allocating (brackets inside strings, and escaped quotes, do not count). It does not
 * validate the JSON: JSON.parse does that afterwards, on bodies this let through.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** Whether any string (or key) in a parsed body or query holds a NUL character. */
export function containsNul(value: unknown, budget = { nodes: 100_000 }): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object' || --budget.nodes < 0) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, budget));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0') || containsNul(item, budget)) return true;
  }
  return false;
}
