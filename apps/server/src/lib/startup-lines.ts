import type { Env } from '../config';

/**
 * What the server prints once it listens: notes first, the address last on a line of its own, so
 * the start-up ends with the one line a person looks for (issue 34: it was buried under notes and
 * two JSON lines per request).
 */
export function startupLines(
  env: Pick<Env, 'HOST' | 'SCAN_MODE' | 'REQUEST_LOG'>,
  port: number,
): string[] {
  const notes: string[] = [];
  if (env.HOST === '127.0.0.1' || env.HOST === '::1' || env.HOST === 'localhost')
    notes.push(`[lumiskin] listening on ${env.HOST} only: HOST=0.0.0.0 opens it to the network`);
  if (env.SCAN_MODE === 'queue')
    notes.push('[lumiskin] scans are queued (SCAN_MODE=queue): run `npm run worker` too');
  if (!env.REQUEST_LOG) notes.push('[lumiskin] request lines are off (REQUEST_LOG=false)');
  return [...notes, '', `Lumiskin is running at http://localhost:${port}`, ''];
}
