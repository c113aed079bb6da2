import fs from 'node:fs';

/** What we assume when the limit cannot be read (not Linux): the common default soft limit. */
const ASSUMED_SOFT_LIMIT = 1024;

/**
 * The process's soft limit of open files (RLIMIT_NOFILE), from /proc/self/limits: Node has no
 * getrlimit. Every socket is a file, so the connection cap is derived from it (decision 071).
 */
export function openFileSoftLimit(
  read: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number {
  try {
    const line = read()
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const value = Number(soft);
    return Number.isInteger(value) && value > 0 ? value : ASSUMED_SOFT_LIMIT;
  } catch {
    return ASSUMED_SOFT_LIMIT;
  }
}

/**
 * Open connections allowed: half the file limit (the other half stays for the database pool,
 * Redis, photo files, worker threads and the odd log file), between 16 and 16,384. Beyond it a
 * new connection is closed at once instead of taking the process's last descriptor.
 */
export function defaultMaxConnections(softLimit = openFileSoftLimit()): number {
  return Math.max(16, Math.min(16_384, Math.floor(softLimit / 2)));
}
