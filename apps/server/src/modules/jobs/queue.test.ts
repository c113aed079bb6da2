// Our job queue interface over pg-boss: what features rely on when they declare jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_JOB_POLICY } from '../../../test/fixtures/job-policies';
import { captureLogs, createTestDatabase, until } from '../../../test/helper';
import { createJobQueue, every, JobFailed, queuePolicy, type Job, type Jobs } from './queue';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: postgres.Sql;
const logs = captureLogs();
const log = Fastify({ logger: { level: 'info', stream: logs.stream } }).log;
const queues: Jobs[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const queue of queues) await queue.close();
  await sql.end();
  await database.drop();
});

/** A queue of its own on the test database, as another process would have. */
function queue(): Jobs {
  const jobs = createJobQueue({ databaseUrl: database.url, log, maintenanceIntervalS: 1 });
  queues.push(jobs);
  return jobs;
}

describe('the job queue', { timeout: 60_000 }, () => {
  it('runs an enqueued job once; an enqueue repeated with the same id is a no-op', async () => {
    const jobs = queue();
    const seen: Job<{ n: number }>[] = [];
    jobs.handle<{ n: number }>('test-once', async (job) => {
      seen.push(job);
    });
    const id = crypto.randomUUID();
    expect(await jobs.enqueue('test-once', { n: 1 }, { id })).toBe(id);
    expect(await jobs.enqueue('test-once', { n: 2 }, { id })).toBeNull();
    expect(await jobs.state('test-once', id)).toBe('queued');

    await jobs.work(['test-once']);
    await until('the job to be done', async () => (await jobs.state('test-once', id)) === 'done');
    expect(seen.map((j) => [j.id, j.data, j.attempt, j.isLastAttempt])).toEqual([
      [id, { n: 1 }, 1, false],
    ]);
  });

  it('retries a failing job, saying which try is the last', async () => {
    const jobs = queue();
    const tries: Array<[number, boolean]> = [];
    jobs.handle(
      'test-retry',
      async (job) => {
        tries.push([job.attempt, job.isLastAttempt]);
        if (job.attempt < 3) throw new JobFailed('test-retry', 'not_yet');
      },
      { retries: 2, retryDelayS: 1, backoff: false, pollS: 0.5 },
    );
    const id = (await jobs.enqueue('test-retry', {}))!;
    await jobs.work(['test-retry']);
    await until('the third try', async () => (await jobs.state('test-retry', id)) === 'done');
    expect(tries).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('keeps no message of a handler’s error in the queue, only the job’s name and a code', async () => {
    const jobs = queue();
    jobs.handle(
      'test-private-error',
      async () => {
        throw new Error('550 mailbox ada@example.test unavailable');
      },
      { retries: 0 },
    );
    const id = (await jobs.enqueue('test-private-error', {}))!;
    await jobs.work(['test-private-error']);
    await until(
      'the job to fail',
      async () => (await jobs.state('test-private-error', id)) === 'failed',
    );
    const [row] = await sql`select output from pgboss.job where id = ${id}`;
    expect(JSON.stringify(row?.output)).not.toContain('ada@example.test');
    expect(JSON.stringify(row?.output)).toContain('test-private-error job failed (error)');
  });

  it('on stop, lets a running job finish within the grace', async () => {
    const jobs = queue();
    let finished = false;
    jobs.handle('test-finish', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      finished = true;
    });
    const id = (await jobs.enqueue('test-finish', {}))!;
    await jobs.work(['test-finish']);
    await until('the job to start', async () => jobs.running() === 1);
    await jobs.stopWorking(10_000);
    expect(finished).toBe(true);
    expect(jobs.running()).toBe(0);
    await until('the job to be done', async () => (await jobs.state('test-finish', id)) === 'done');
  });

  it('on stop, hands a job that outlives the grace back to the queue for another process', async () => {
    const stopping = queue();
    let release: () => void = () => {};
    stopping.handle('test-hand-back', () => new Promise<void>((resolve) => (release = resolve)), {
      retries: 2,
      retryDelayS: 1,
      backoff: false,
      pollS: 0.5,
    });
    const id = (await stopping.enqueue('test-hand-back', {}))!;
    await stopping.work(['test-hand-back']);
    await until('the job to start', async () => stopping.running() === 1);
    await stopping.stopWorking(500);
    expect(await stopping.state('test-hand-back', id)).toBe('queued');

    // Another process takes it (the stopping one stays stopped), as a second try.
    const other = queue();
    const attempts: number[] = [];
    other.handle(
      'test-hand-back',
      async (job) => {
        attempts.push(job.attempt);
      },
      { retries: 2, retryDelayS: 1, backoff: false, pollS: 0.5 },
    );
    await other.work(['test-hand-back']);
    await until(
      'the other process to finish it',
      async () => (await other.state('test-hand-back', id)) === 'done',
    );
    expect(attempts).toEqual([2]);
    release();
  });

  it('puts back a job whose process was killed mid-job, once its time limit has passed', async () => {
    const jobs = queue();
    const attempts: number[] = [];
    jobs.handle(
      'test-lost',
      async (job) => {
        attempts.push(job.attempt);
      },
      LOST_JOB_POLICY,
    );
    const id = (await jobs.enqueue('test-lost', {}))!;

    // Another process takes the job, and is killed while it runs.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../../test/fixtures/hanging-job.ts')],
      { env: { ...process.env, DATABASE_URL: database.url, JOB_NAME: 'test-lost' }, stdio: 'pipe' },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('started')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the job process exited (${code})`)));
    });
    child.kill('SIGKILL');
    expect(await jobs.state('test-lost', id)).toBe('running');

    // Ours takes it once the maintenance pass finds it past its time limit, as a second try.
    await jobs.work(['test-lost']);
    await until(
      'the lost job to be done here',
      async () => (await jobs.state('test-lost', id)) === 'done',
    );
    expect(attempts).toEqual([2]);
  });

  it('keeps one job of a oneQueued kind waiting: a burst of enqueues makes one run', async () => {
    const jobs = queue();
    let runs = 0;
    let release: () => void = () => {};
    jobs.handle(
      'test-one-queued',
      async () => {
        runs++;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { oneQueued: true, pollS: 0.5 },
    );
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => jobs.enqueue('test-one-queued', {})),
    );
    expect(ids.filter(Boolean)).toHaveLength(1);
    await jobs.work(['test-one-queued']);
    await until('the first run to start', async () => jobs.running() === 1);
    // While it runs, one more may wait (work that came after the run looked), and only one.
    const during = await Promise.all(
      Array.from({ length: 10 }, () => jobs.enqueue('test-one-queued', {})),
    );
    expect(during.filter(Boolean)).toHaveLength(1);
    release();
    await until('the second run', async () => runs === 2 && jobs.running() === 0);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs).toBe(2);
  });

  it('starts a job enqueued where its kind is worked at once, not at the next poll', async () => {
    const jobs = queue();
    let ranAt = 0;
    jobs.handle(
      'test-wake',
      async () => {
        ranAt = Date.now();
      },
      { pollS: 30 },
    );
    await jobs.work(['test-wake']);
    // The worker's first (empty) look is over; the next one would be 30 s away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentAt = Date.now();
    const id = (await jobs.enqueue('test-wake', {}))!;
    await until('the job to be done', async () => (await jobs.state('test-wake', id)) === 'done');
    expect(ranAt - sentAt).toBeLessThan(2000);
  });

  it('runs a { everyMs } schedule from each process working the kind, until it stops', async () => {
    const jobs = queue();
    let runs = 0;
    jobs.handle(
      'test-every',
      async () => {
        runs++;
      },
      { oneQueued: true, pollS: 0.5 },
    );
    jobs.schedule('test-every', { everyMs: 100 });
    // Not worked: nothing is enqueued.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [before] = await sql`select count(*)::int as n from pgboss.job where name = 'test-every'`;
    expect(before?.n).toBe(0);
    await jobs.work(['test-every']);
    await until('several runs', async () => runs >= 3);
    await jobs.stopWorking(5000);
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toBe(stoppedAt);
  });

  it('stores a cron schedule when worked, and removes it when worked without one', async () => {
    const scheduled = queue();
    scheduled.handle('test-cron', async () => {});
    scheduled.schedule('test-cron', '*/5 * * * *');
    await scheduled.work(['test-cron']);
    const schedules = () => sql`select name, cron from pgboss.schedule where name = 'test-cron'`;
    expect(await schedules()).toEqual([{ name: 'test-cron', cron: '*/5 * * * *' }]);
    // A process configured with the schedule off (say NOTIFICATIONS_INTERVAL_S=0).
    const off = queue();
    off.handle('test-cron', async () => {});
    await off.work(['test-cron']);
    expect(await schedules()).toEqual([]);
  });

  it('starts several processes at once on queues nobody has created yet', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `test-start-${i}`);
    const processes = Array.from({ length: 3 }, () => {
      const jobs = queue();
      for (const name of names) jobs.handle(name, async () => {});
      return jobs;
    });
    await Promise.all(processes.map((jobs) => jobs.work(names)));
    const rows = await sql`select name from pgboss.queue where name like 'test-start-%'`;
    expect(rows).toHaveLength(names.length);
  });

  it('gives a kind its declared retries and time limit, and one waiting job when oneQueued', () => {
    expect(queuePolicy('k', {})).toEqual({
      name: 'k',
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 900,
    });
    expect(
      queuePolicy('k', {
        oneQueued: true,
        retries: 0,
        retryDelayS: 5,
        backoff: false,
        timeoutS: 60,
      }),
    ).toEqual({
      name: 'k',
      policy: 'short',
      retryLimit: 0,
      retryDelay: 5,
      retryBackoff: false,
      expireInSeconds: 60,
    });
  });

  it('says an interval as cron when cron can, else as an interval', () => {
    expect(every(60_000)).toBe('* * * * *');
    expect(every(5 * 60_000)).toBe('*/5 * * * *');
    expect(every(60 * 60_000)).toBe('0 * * * *');
    expect(every(3000)).toEqual({ everyMs: 3000 });
    expect(every(90_000)).toEqual({ everyMs: 90_000 });
    expect(every(7 * 60_000)).toEqual({ everyMs: 7 * 60_000 });
  });
});
