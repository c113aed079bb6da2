import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Analysis } from '@lumiskin/contract/analysis-api';
import { AuthResponse } from '@lumiskin/contract/auth';
import { HealthResponse, ReadyResponse } from '@lumiskin/contract/health';
import { ScanJob } from '@lumiskin/contract/scan';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RedisServer } from '../services/redis-server';
import { eventually, Stack, type Instance, type ManagedProcess } from './harness';

/*
 * The proof of issue 16 (items 1 to 5): app instances as separate processes on one PostgreSQL
 * (Debian's) behind an imaginary balancer. A and B share a redis-server and an S3-compatible
 * bucket (s3rver) and queue their scans (SCAN_MODE=queue) for one `npm run worker` process on the
 * same services; C and D are the control, the same build counting in its own memory, as every
 * instance did before REDIS_URL existed.
 */
const ADMIN = { email: 'scale-admin@example.test', password: 'scale-admin-pass-2026' };
/** RATE_LIMIT_AUTH_MAX's default: failures per (account, IP) in the window. */
const AUTH_MAX = 10;
const BUCKET = 'lumiskin-scale';
/** A real face (public domain, see its README), as the scan screen sends it. */
const FACE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../src/modules/analysis/test-fixtures/astronaut-face.jpg'),
);
const SCAN_BODY = {
  image_data: `data:image/jpeg;base64,${FACE.toString('base64')}`,
  location: 'London, UK',
};

let stack: Stack;
let redis: RedisServer;
let s3: Awaited<ReturnType<Stack['s3']>>;
let sql: postgres.Sql;
let a: Instance;
let b: Instance;
let c: Instance;
let d: Instance;
let worker: ManagedProcess;

beforeAll(async () => {
  stack = new Stack();
  const [pg, redisServer, s3Server] = await Promise.all([
    stack.postgres(),
    stack.redis(),
    stack.s3(BUCKET),
  ]);
  redis = redisServer;
  s3 = s3Server;
  sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  stack.track('sql', () => sql.end({ timeout: 5 }));
  const common = {
    DATABASE_URL: pg.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // only the credential limits are under test; the general one stays out of the way
    RATE_LIMIT_MAX: '100000',
  };
  const shared = { ...common, REDIS_URL: redis.url, ...s3.env, SCAN_MODE: 'queue' };
  // All four boot at once on the fresh database, as a deployment's instances would, and the
  // worker with them (it migrates as they do, and never seeds).
  [a, b, c, d, worker] = await Promise.all([
    stack.instance('A', shared),
    stack.instance('B', shared),
    stack.instance('C', common),
    stack.instance('D', common),
    stack.worker('worker', shared),
  ]);
});
afterEach((context) => {
  // what the instances said, when a scenario failed
  if (context.task.result?.state === 'fail') console.error(stack.logs());
});
afterAll(async () => {
  await stack?.stop();
});

async function call(
  instance: Instance,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json: () => unknown;
}> {
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return { status: res.status, headers: res.headers, bytes, text, json: () => JSON.parse(text) };
}

const login = (instance: Instance, email: string, password: string) =>
  call(instance, 'POST', '/api/auth/login', { email, password });

async function registerUser(instance: Instance, email: string, password: string) {
  const res = await call(instance, 'POST', '/api/auth/register', {
    name: 'Scale Person',
    email,
    password,
    confirmPassword: password,
  });
  expect(res.status).toBe(201);
  const { user, access_token: token } = AuthResponse.parse(res.json());
  return { userId: user.id, token };
}

describe('boot', () => {
  it('seeds the content once although four instances booted together', () => {
    const outputs = [a, b, c, d].map((instance) => instance.output());
    const seeded = outputs.filter((o) => /seeded content version/.test(o));
    const skipped = outputs.filter((o) => /content version \w+ is seeded already/.test(o));
    expect(seeded).toHaveLength(1);
    expect(skipped).toHaveLength(3);
  });
});

describe('the login limit across instances', () => {
  it('refuses the attempt past the limit whichever instance gets it (shared Redis)', async () => {
    const email = `victim.${Date.now()}@example.test`;
    await registerUser(a, email, 'the-right-password');
    const statuses: string[] = [];
    for (let i = 0; i < AUTH_MAX; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push(`${instance.name}:${(await login(instance, email, `wrong-${i}`)).status}`);
    }
    expect(statuses).toEqual(
      Array.from({ length: AUTH_MAX }, (_, i) => `${i % 2 === 0 ? 'A' : 'B'}:401`),
    );
    // the 11th, on either instance, with a wrong or even the right password
    for (const [instance, password] of [
      [a, 'wrong-a'],
      [b, 'wrong-b'],
      [a, 'the-right-password'],
    ] as const) {
      const res = await login(instance, email, password);
      expect(res.status).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('control: counted per process, C and D together let twice as many guesses through', async () => {
    const email = `control.${Date.now()}@example.test`;
    await registerUser(c, email, 'the-right-password');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * AUTH_MAX + 2; i++) {
      statuses.push((await login(i % 2 === 0 ? c : d, email, `wrong-${i}`)).status);
    }
    // attempts 11 to 20 were refused by A and B above; here they are all answered
    expect(statuses.slice(0, 2 * AUTH_MAX)).toEqual(Array(2 * AUTH_MAX).fill(401));
    expect(statuses.slice(2 * AUTH_MAX)).toEqual([429, 429]);
  });
});

describe('the public page cache across instances', () => {
  it("an admin's edit on A replaces the page B has cached", async () => {
    const admin = await login(a, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const { access_token: token } = admin.json() as { access_token: string };
    const [product] = await sql<{ id: string; name: string }[]>`
      select id, name from products where hidden = false order by position limit 1`;
    const pageUrl = `/shop/${product!.id}`;

    const first = await call(b, 'GET', pageUrl);
    expect(first.status).toBe(200);
    expect(first.text).toContain(`${product!.name}</h1>`);

    // Control: a change that bypasses the app is not seen while B's page is cached (5 s).
    await sql`update products set name = ${`${product!.name} Direct`} where id = ${product!.id}`;
    const cached = await call(b, 'GET', pageUrl);
    expect(cached.text).toBe(first.text);

    const edited = `${product!.name} Edited On A`;
    const edit = await call(
      a,
      'PATCH',
      `/api/admin/products/${product!.id}`,
      { name: edited },
      token,
    );
    expect(edit.status).toBe(200);
    const after = await call(b, 'GET', pageUrl);
    expect(after.status).toBe(200);
    expect(after.text).toContain(`${edited}</h1>`);
  });
});

describe('what instances keep in memory (issue 33: decisions 086, 087)', () => {
  it("an admin's price change on A is B's catalogue at once; a sign-out on A ends the session on B", async () => {
    const admin = await login(a, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const { access_token: adminToken } = admin.json() as { access_token: string };
    const [product] = await sql<{ id: string; price_pence: number }[]>`
      select id, price_pence from products where hidden = false order by position limit 1`;
    const priceOn = async (instance: Instance) => {
      const res = await call(instance, 'GET', '/api/shop/products');
      expect(res.status).toBe(200);
      const list = res.json() as { products: { id: string; price_pence: number }[] };
      return list.products.find((p) => p.id === product!.id)?.price_pence;
    };
    expect(await priceOn(b)).toBe(product!.price_pence); // B keeps it
    const price = product!.price_pence + 111;
    const edit = await call(
      a,
      'PUT',
      `/api/admin/products/${product!.id}/price`,
      { price_pence: price },
      adminToken,
    );
    expect(edit.status).toBe(200);
    expect(await priceOn(b)).toBe(price);

    const person = await registerUser(a, `kept.${Date.now()}@example.test`, 'kept-password-1');
    for (const instance of [a, b]) {
      expect((await call(instance, 'GET', '/api/auth/me', undefined, person.token)).status).toBe(
        200,
      );
    }
    const out = await call(a, 'POST', '/api/auth/logout', undefined, person.token);
    expect(out.status).toBeLessThan(300);
    expect((await call(b, 'GET', '/api/auth/me', undefined, person.token)).status).toBe(401);
  });
});

describe('readiness', () => {
  const ready = async (instance: Instance) => {
    const res = await call(instance, 'GET', '/api/health/ready');
    return { status: res.status, body: ReadyResponse.parse(res.json()), res };
  };

  it('reports each dependency of each instance', async () => {
    for (const instance of [a, b]) {
      const { status, body } = await ready(instance);
      expect(status).toBe(200);
      expect(body.status).toBe('ready');
      expect(Object.fromEntries(body.checks.map((check) => [check.name, check.status]))).toEqual({
        redis: 'up',
        database: 'up',
        load: 'up',
        storage: 'up',
      });
    }
    // without REDIS_URL and S3_BUCKET there is no Redis nor bucket to check
    const { body } = await ready(c);
    expect(body.checks.map((check) => check.name).sort()).toEqual(['database', 'load']);
  });

  it('answers 503 while Redis is stopped (alive all the while), and ready again once it is back', async () => {
    await redis.stop();
    try {
      for (const instance of [a, b]) {
        const { status, body, res } = await ready(instance);
        expect(status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'redis', status: 'down' }),
        );
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'database', status: 'up' }),
        );
        const alive = await call(instance, 'GET', '/api/health');
        expect(alive.status).toBe(200);
        expect(HealthResponse.parse(alive.json()).status).toBe('ok');
      }
      // sign-in refuses rather than count nothing
      const refused = await login(b, ADMIN.email, ADMIN.password);
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'temporarily_unavailable' });
    } finally {
      await redis.start();
    }
    for (const instance of [a, b]) {
      expect(await eventually(async () => (await ready(instance)).status === 200)).toBe(true);
    }
    expect((await login(b, ADMIN.email, ADMIN.password)).status).toBe(200);
  });
  it('answers 503 while the bucket cannot be reached, and ready again once it is back', async () => {
    await s3.stop();
    try {
      for (const instance of [a, b]) {
        const { status, body } = await ready(instance);
        expect(status).toBe(503);
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'storage', status: 'down' }),
        );
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'redis', status: 'up' }),
        );
        expect((await call(instance, 'GET', '/api/health')).status).toBe(200);
      }
    } finally {
      await s3.start();
    }
    for (const instance of [a, b]) {
      expect(await eventually(async () => (await ready(instance)).status === 200)).toBe(true);
    }
  });
});

/*
 * Scans on the queue, photos in the bucket. Last in the file: it kills A. Everything is read
 * through B (and the bucket straight through the S3 API), never through the instance that took
 * the scan.
 */
describe('queued scans and photos in the bucket', { timeout: 120_000 }, () => {
  const PASSWORD = 'scanning-person-pass';
  let person: { userId: string; token: string };
  let bystander: { userId: string; token: string };
  /** Analyses of `person`, in the order they were made. */
  const made: string[] = [];

  const photoKey = (userId: string, analysisId: string) =>
    `${s3.config.keyPrefix}${userId}/${analysisId}`;
  const keysOf = async (userId: string) =>
    (await s3.keys()).filter((key) => key.startsWith(`${s3.config.keyPrefix}${userId}/`));

  async function bucketObject(key: string): Promise<Buffer> {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async function queueScan(instance: Instance, token: string) {
    const res = await call(instance, 'POST', '/api/analysis/scan', SCAN_BODY, token);
    expect(res.status, res.text).toBe(202);
    return ScanJob.parse(res.json());
  }

  /** Polls the job on `instance` until it is done or failed (bounded). */
  async function finished(instance: Instance, token: string, jobId: string): Promise<ScanJob> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const res = await call(instance, 'GET', `/api/analysis/jobs/${jobId}`, undefined, token);
      expect(res.status, res.text).toBe(200);
      const job = ScanJob.parse(res.json());
      if (job.status === 'done' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`scan ${jobId} still ${job.status} after 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * The finished scan as B serves it: the analysis and its photo, the photo being the very object
   * in the bucket (and not a row in PostgreSQL).
   */
  async function expectServedByB(token: string, userId: string, job: ScanJob) {
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    const analysisId = job.analysis_id!;
    const analysis = await call(b, 'GET', `/api/analysis/${analysisId}`, undefined, token);
    expect(analysis.status, analysis.text).toBe(200);
    const parsed = Analysis.parse(analysis.json());
    expect(parsed.id).toBe(analysisId);
    expect(parsed.location).toBe('London, GB');

    const photo = await call(b, 'GET', `/api/analysis/${analysisId}/photo`, undefined, token);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(photo.bytes.equals(await bucketObject(photoKey(userId, analysisId)))).toBe(true);
    const [inDatabase] = await sql<{ n: number }[]>`
      select count(*)::int as n from analysis_photos where analysis_id = ${analysisId}`;
    expect(inDatabase!.n).toBe(0);
    return analysisId;
  }

  beforeAll(async () => {
    person = await registerUser(a, `scanner.${Date.now()}@example.test`, PASSWORD);
    bystander = await registerUser(b, `bystander.${Date.now()}@example.test`, PASSWORD);
    for (const [instance, who] of [
      [a, person],
      [b, bystander],
    ] as const) {
      const consent = await call(
        instance,
        'POST',
        '/api/analysis/consent',
        { accepted: true },
        who.token,
      );
      expect(consent.status, consent.text).toBeLessThan(300);
    }
  });

  it('a scan sent to A is queued (202), done by the worker and read on B', async () => {
    expect(await s3.keys()).toEqual([]);
    // While the worker is paused (SIGSTOP) the scans stay queued: no instance runs them.
    worker.child.kill('SIGSTOP');
    let queued: ScanJob;
    let other: ScanJob;
    try {
      [queued, other] = await Promise.all([
        queueScan(a, person.token),
        queueScan(b, bystander.token),
      ]);
      expect(queued.status).toBe('queued');
      expect(queued.status_url).toBe(`/api/analysis/jobs/${queued.job_id}`);
      // longer than the queue's polling interval (2 s) of every process taking jobs
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (const [job, who] of [
        [queued, person],
        [other, bystander],
      ] as const) {
        const waiting = await call(b, 'GET', job.status_url, undefined, who.token);
        expect(ScanJob.parse(waiting.json()).status).toBe('queued');
      }
    } finally {
      worker.child.kill('SIGCONT');
    }
    const job = await finished(b, person.token, queued.job_id);
    made.push(await expectServedByB(person.token, person.userId, job));
    await expectServedByB(
      bystander.token,
      bystander.userId,
      await finished(b, bystander.token, other.job_id),
    );
    // someone else's job and scan are not found through B either
    const foreign = await call(
      b,
      'GET',
      `/api/analysis/jobs/${queued.job_id}`,
      undefined,
      bystander.token,
    );
    expect(foreign.status).toBe(404);
  });

  it('killing A right after it acknowledged scans loses none of them', async () => {
    // Two scans queued behind one another, then three at once; the first of those three to be
    // acknowledged (202) kills A (SIGKILL: no shutdown hook, nothing flushed). The other two were
    // acknowledged before it, or never were (their connection died with A).
    const acknowledged = [await queueScan(a, person.token), await queueScan(a, person.token)];
    const burst = await Promise.allSettled(
      Array.from({ length: 3 }, async () => {
        const res = await call(a, 'POST', '/api/analysis/scan', SCAN_BODY, person.token);
        if (res.status === 202) a.child.kill('SIGKILL');
        return res;
      }),
    );
    for (const result of burst) {
      if (result.status === 'rejected') continue;
      expect(result.value.status, result.value.text).toBe(202);
      acknowledged.push(ScanJob.parse(result.value.json()));
    }
    expect(a.child.killed).toBe(true);
    await a.exited;
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);
    // A died with acknowledged scans not done yet (the last one was acknowledged an instant ago).
    const [pending] = await sql<{ n: number }[]>`
      select count(*)::int as n from scan_jobs
      where id in ${sql(acknowledged.map((job) => job.job_id))} and status in ('queued', 'running')`;
    expect(pending!.n).toBeGreaterThanOrEqual(1);
    expect(
      await fetch(`${a.url}/api/health`).then(
        () => 'answered',
        () => 'gone',
      ),
    ).toBe('gone');

    // The worker finishes every acknowledged scan, and B serves each one.
    for (const queued of acknowledged) {
      const job = await finished(b, person.token, queued.job_id);
      made.push(await expectServedByB(person.token, person.userId, job));
    }
    // each stored once
    expect(new Set(made).size).toBe(made.length);
    // A request whose job A committed but whose answer died with A was never acknowledged: its
    // client saw a dropped connection, not a refusal, and the worker still runs the job (a CI run
    // stored 5 scans for 4 acknowledged). Once no job of this person is left, every acknowledged
    // scan is stored, and each unanswered request added at most one more.
    const unanswered = burst.filter((result) => result.status === 'rejected').length;
    const settled = await eventually(async () => {
      const [open] = await sql<{ n: number }[]>`
        select count(*)::int as n from scan_jobs
        where user_id = ${person.userId} and status in ('queued', 'running')`;
      return open!.n === 0;
    }, 60_000);
    expect(settled, "the person's jobs were still open after 60 s").toBe(true);
    const stored = (
      await sql<{ id: string }[]>`select id from analyses where user_id = ${person.userId}`
    ).map((row) => row.id);
    for (const id of made) expect(stored).toContain(id);
    const unacknowledged = stored.filter((id) => !made.includes(id));
    expect(unacknowledged.length).toBeLessThanOrEqual(unanswered);
    // The next test deletes every photo of the person: those scans' too.
    made.push(...unacknowledged);
  });

  it('a photo deleted through B is gone from the bucket, and all of them with the account', async () => {
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(await keysOf(person.userId)).toEqual(
      made.map((id) => photoKey(person.userId, id)).sort(),
    );
    const [first, ...rest] = made;

    const deleted = await call(b, 'DELETE', `/api/analysis/${first}`, undefined, person.token);
    expect(deleted.status).toBe(204);
    const gone = await eventually(
      async () => !(await keysOf(person.userId)).includes(photoKey(person.userId, first!)),
      30_000,
    );
    expect(gone, "the deleted scan's photo is still in the bucket after 30 s").toBe(true);
    // only that one: the person's other photos stay
    expect(await keysOf(person.userId)).toEqual(
      rest.map((id) => photoKey(person.userId, id)).sort(),
    );
    const photo = await call(b, 'GET', `/api/analysis/${first}/photo`, undefined, person.token);
    expect(photo.status).toBe(404);

    const account = await call(b, 'DELETE', '/api/users/me', { password: PASSWORD }, person.token);
    expect(account.status, account.text).toBe(204);
    const allGone = await eventually(
      async () => (await keysOf(person.userId)).length === 0,
      30_000,
    );
    expect(allGone, "the deleted account's photos are still in the bucket after 30 s").toBe(true);
    // the bystander's photo is untouched
    expect(await keysOf(bystander.userId)).toHaveLength(1);
    // and the outbox rows with them
    const outboxEmpty = async () => {
      const [pending] = await sql<{ n: number }[]>`
        select count(*)::int as n from photo_deletions where user_id = ${person.userId}`;
      return pending!.n === 0;
    };
    expect(await eventually(outboxEmpty, 10_000)).toBe(true);
    // the worker did all of it and is still there
    expect(worker.child.exitCode).toBeNull();
  });
});
