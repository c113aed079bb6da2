import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, defaultMaxRssBytes, ConfigError, EnvSchema, parseEnv } from './config';
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

  it('refuses NODE_ENV=production without DATABASE_URL unless EMBEDDED_DB=true says it is meant', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL: .*EMBEDDED_DB=true/);
    expect(parseEnv({ NODE_ENV: 'production', EMBEDDED_DB: 'true' }).EMBEDDED_DB).toBe(true);
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db.example/lumiskin' })
        .EMBEDDED_DB,
    ).toBe(false);
    // development keeps the zero-set-up default
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as off, a hop count or proxy addresses, and refuses "trust all"', () => {
    const trust = (value?: string) =>
      parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => trust(value)).toThrow(
        /TRUST_PROXY: .*any client choose its own IP.*e\.g\. 1 .*10\.0\.0\.0\/8,127\.0\.0\.1/,
      );
    }
    expect(() => trust('10.0.0.0/33')).toThrow(
      /TRUST_PROXY: not a hop count, IP address or CIDR: "10.0.0.0\/33"/,
    );
    expect(() => trust('proxy.example.com')).toThrow(/"proxy.example.com"/);
    expect(() => trust('21')).toThrow(/1 to 20/);
  });

  it('turns on shared state with REDIS_URL, and load shedding with safe defaults', () => {
    const off = appConfigFromEnv(parseEnv({}), '1.0.0');
    expect(off.redis).toBeNull();
    expect(off.underPressure).toMatchObject({
      maxEventLoopDelayMs: 1000,
      maxRssBytes: defaultMaxRssBytes(),
      retryAfterS: 10,
      dbCheckIntervalMs: 5000,
    });
    expect(off.underPressure!.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    // A memory ceiling by default (issue 30): 75 % of RAM or the cgroup limit, ≥ 768 MB.
    const MB = 1024 * 1024;
    expect(off.underPressure!.maxRssBytes).toBeGreaterThanOrEqual(768 * MB);
    expect(defaultMaxRssBytes(2048 * MB)).toBe(1536 * MB);
    expect(defaultMaxRssBytes(512 * MB)).toBe(768 * MB);
    expect(
      appConfigFromEnv(parseEnv({ UNDER_PRESSURE_MAX_RSS_MB: '0' }), '1').underPressure!
        .maxRssBytes,
    ).toBe(0);

    const on = appConfigFromEnv(
      parseEnv({
        REDIS_URL: 'rediss://:secret@cache.example:6380/2',
        REDIS_COMMAND_TIMEOUT_MS: '250',
        UNDER_PRESSURE_MAX_HEAP_MB: '0',
      }),
      '1.0.0',
    );
    expect(on.redis).toEqual({
      url: 'rediss://:secret@cache.example:6380/2',
      keyPrefix: 'lumiskin:',
      commandTimeoutMs: 250,
    });
    expect(on.underPressure!.maxHeapUsedBytes).toBe(0);
    expect(() => parseEnv({ REDIS_URL: 'http://cache.example' })).toThrow(
      /REDIS_URL: must be a redis/,
    );
  });

  it('has every variable documented in .env.example and docs/deploy.md', () => {
    const keys = Object.keys(EnvSchema.shape);
    expect(keys.length).toBeGreaterThan(40);
    const serverRoot = path.resolve(import.meta.dirname, '..');
    const example = fs.readFileSync(path.join(serverRoot, '.env.example'), 'utf8');
    const deploy = fs.readFileSync(path.join(serverRoot, '../../docs/deploy.md'), 'utf8');
    expect(keys.filter((key) => !new RegExp(`^#? ?${key}=`, 'm').test(example))).toEqual([]);
    expect(keys.filter((key) => !deploy.includes(`\`${key}\``))).toEqual([]);
  });
});

describe('photo storage settings', () => {
  it('keeps photos in PostgreSQL unless S3_BUCKET is set', () => {
    const config = appConfigFromEnv(parseEnv({}), '1.0.0');
    expect(config.photoStorage).toBeNull();
    expect(config.photoSweep).toEqual({
      intervalMs: 60_000,
      orphanIntervalMs: 3_600_000,
      orphanAgeMs: 3_600_000,
    });
  });

  it('reads the bucket, endpoint, keys, path style, prefix and encryption', () => {
    const env = parseEnv({
      S3_BUCKET: 'lumiskin-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'prod/photos',
      S3_SSE: 'aws:kms',
      S3_SSE_KMS_KEY_ID: 'alias/lumiskin',
      PHOTO_SWEEP_INTERVAL_S: '0',
      PHOTO_ORPHAN_AGE_MIN: '30',
    });
    const config = appConfigFromEnv(env, '1.0.0');
    expect(config.photoStorage).toEqual({
      bucket: 'lumiskin-photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-2',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret',
      forcePathStyle: true,
      keyPrefix: 'prod/photos/',
      serverSideEncryption: 'aws:kms',
      kmsKeyId: 'alias/lumiskin',
    });
    expect(config.photoSweep).toMatchObject({ intervalMs: 0, orphanAgeMs: 30 * 60_000 });
    // Defaults: AWS's usual region, virtual-host style, photos/ prefix, the SDK's credentials.
    expect(appConfigFromEnv(parseEnv({ S3_BUCKET: 'b-1' }), '1').photoStorage).toEqual({
      bucket: 'b-1',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      keyPrefix: 'photos/',
      serverSideEncryption: undefined,
      kmsKeyId: undefined,
    });
  });

  it('refuses half a configuration instead of quietly keeping photos in PostgreSQL', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT is set/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'b-1', S3_SSE_KMS_KEY_ID: 'k' })).toThrow(
      /needs S3_SSE=aws:kms/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket/);
    expect(() => parseEnv({ S3_BUCKET: 'b-1', S3_KEY_PREFIX: '/abs' })).toThrow(/S3_KEY_PREFIX/);
    expect(() => parseEnv({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ PHOTO_ORPHAN_AGE_MIN: '1' })).toThrow(/PHOTO_ORPHAN_AGE_MIN/);
  });

  it('never prints a secret in a start-up error', () => {
    let message = '';
    try {
      parseEnv({ S3_SECRET_ACCESS_KEY: 'very-secret', ADMIN_PASSWORD: 'short' });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toMatch(/S3_BUCKET: is required when S3_SECRET_ACCESS_KEY is set/);
    expect(message).toMatch(/ADMIN_PASSWORD: .*\(got "\[hidden\]"\)/);
    expect(message).not.toContain('very-secret');
    expect(message).not.toContain('short');
  });
});
