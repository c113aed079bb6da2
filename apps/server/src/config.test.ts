import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, ConfigError, parseEnv } from './config';
import { defaultWebDist } from './paths';

describe('parseEnv', () => {
  it('has working defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      TOKEN_TTL_DAYS: 30,
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    const config = appConfigFromEnv(env, '1.0.0');
    expect(config.webDist).toBe(defaultWebDist);
    expect(defaultWebDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('parses the values people write', () => {
    const env = parseEnv({
      PORT: '8080',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u:p@db.example:5432/lumiskin',
      ADMIN_EMAIL: 'boss@example.test',
      ADMIN_PASSWORD: 'long-enough',
      WEB_DIST: '',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      ADMIN_EMAIL: 'boss@example.test',
      WEB_DIST: undefined,
    });
  });

  it('lists every bad variable in one readable error', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        TOKEN_TTL_DAYS: '0',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(5);
    for (const key of ['PORT', 'TOKEN_TTL_DAYS', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO']) {
      expect(message).toMatch(new RegExp(`^  - ${key}: `, 'm'));
    }
    expect(message).toContain('"eighty"');
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.test' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'short' })).toThrow(
      /at least 8/,
    );
  });
});
