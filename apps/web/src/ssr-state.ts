/** The id of the JSON block holding a server-rendered page's data (entry-server → main.tsx). */
export const SSR_STATE_ID = 'ssr-state';

/**
 * JSON for a `<script type="application/json">` block. Article text comes from the database, so
 * `<` is escaped: no value can close the block (`</script>`) or open a comment; U+2028/U+2029 are
 * escaped for old parsers. JSON.parse reads the escapes back unchanged.
 */
export function serializeState(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function stateScript(value: unknown): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${serializeState(value)}</script>`;
}
