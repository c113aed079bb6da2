import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, parseEnv, shutdownGraceMs } from './config';

describe('scan mode, jobs and the shutdown grace', () => {
  it('scans inline and works jobs in the server by default', () => {
    const config = appConfigFromEnv(parseEnv({}), '1.0.0');
    expect(config.analysis?.mode).toBe('inline');
    expect(config.jobs).toEqual({ workInServer: true, maintenanceIntervalS: 30 });
  });

  it('reads SCAN_MODE, JOBS_IN_SERVER and JOBS_MAINTENANCE_INTERVAL_S', () => {
    const config = appConfigFromEnv(
      parseEnv({ SCAN_MODE: 'queue', JOBS_IN_SERVER: 'false', JOBS_MAINTENANCE_INTERVAL_S: '5' }),
      '1.0.0',
    );
    expect(config.analysis?.mode).toBe('queue');
    expect(config.jobs).toEqual({ workInServer: false, maintenanceIntervalS: 5 });
    expect(() => parseEnv({ SCAN_MODE: 'later' })).toThrow(/SCAN_MODE/);
  });

  it('gives a stopping server longer than a scan may take', () => {
    expect(shutdownGraceMs(parseEnv({}))).toBe(135_000);
    expect(shutdownGraceMs(parseEnv({ SCAN_TIMEOUT_MS: '10000' }))).toBe(30_000);
    expect(shutdownGraceMs(parseEnv({ SHUTDOWN_GRACE_MS: '200000' }))).toBe(200_000);
    expect(appConfigFromEnv(parseEnv({}), '1').shutdownGraceMs).toBe(135_000);
  });

  it('refuses a grace shorter than the scan limit', () => {
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: '60000' })).toThrow(
      /SHUTDOWN_GRACE_MS: must be at least SCAN_TIMEOUT_MS \(120000\)/,
    );
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: '60000', SCAN_TIMEOUT_MS: '50000' })).not.toThrow();
  });
});
