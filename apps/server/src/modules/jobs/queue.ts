import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/**
 * Lumiskin's job queue: a small interface of our own over pg-boss (decision 029), which keeps its
 * jobs in PostgreSQL (schema `pgboss`), so the queue needs nothing beyond the database. Features
 * declare their kinds of job with `handle`, put jobs in with `enqueue`, and ask for recurring ones
 * with `schedule`; processes that work jobs call `work`. Payloads are stored in the database:
 * never put an address, a token or a photo in one (store an id of our own row instead).
 */
export interface Jobs {
  /**
   * Declares a kind of job: its handler, retry policy and time limit. Any process may then work
   * it. A handler runs at least once per job, so it must be safe to run again (idempotent).
   */
  handle<T extends object>(name: string, handler: JobHandler<T>, policy?: JobPolicy): void;
  /**
   * Puts a job in the queue; resolves once it is stored. With `id`, a second enqueue of the same
   * id is a no-op (null comes back), so an enqueue may be repeated safely.
   */
  enqueue<T extends object>(
    name: string,
    payload: T,
    options?: { id?: string; startAfterS?: number },
  ): Promise<string | null>;
  /**
   * A recurring job. A cron string (UTC, minute granularity; `every(ms)` makes one) is stored
   * in the queue and each due job created once, whichever processes work jobs. `{ everyMs }`,
   * for intervals cron cannot say (a few seconds in development and tests), makes every process
   * that works the kind enqueue it that often: give such kinds `oneQueued`. A kind worked
   * without a schedule here has any stored one removed (a schedule turned off stays off).
   */
  schedule(name: string, when: string | { everyMs: number }): void;
  /** Starts taking jobs of these kinds (every declared kind when absent) and their schedules. */
  work(names?: readonly string[]): Promise<void>;
  /**
   * Stops taking jobs, waits up to `timeoutMs` for those running here, then hands the rest back
   * to the queue (they are retried elsewhere). Resolves once nothing of ours is running.
   */
  stopWorking(timeoutMs: number): Promise<void>;
  /** Where one job is; null when unknown (never enqueued, or long finished and dropped). */
  state(name: string, id: string): Promise<JobState | null>;
  /** Jobs being run by this process now. */
  running(): number;
  /** Kinds this process declared (for `work` defaults and tests). */
  names(): string[];
  close(): Promise<void>;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobPolicy {
  /** Tries after the first one (0: never retried). Default 3. */
  retries?: number;
  /** Seconds before the first retry; with backoff each next wait doubles (with jitter). */
  retryDelayS?: number;
  backoff?: boolean;
  /**
   * A job still running after this long is taken to be lost (its process died or hangs) and is
   * tried again by the maintenance pass. Default 15 minutes.
   */
  timeoutS?: number;
  /** Jobs of this kind one process runs at a time. Default 1. */
  concurrency?: number;
  /** How often an idle worker looks for new jobs. Default 2 s. */
  pollS?: number;
  /**
   * At most one job of this kind waits in the queue: an enqueue while one waits is a no-op
   * (null), so a burst of enqueues makes one run. One may be running meanwhile, and the waiting
   * one runs after (or beside it, in another process): the handler must be safe to run
   * concurrently. For sweeps that look for their own work.
   */
  oneQueued?: boolean;
}

export interface Job<T> {
  id: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  /** No retry follows if this try fails. */
  isLastAttempt: boolean;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** A handler's failure as stored in the queue: no message of the cause (it may hold personal data). */
export class JobFailed extends Error {
  constructor(
    readonly jobName: string,
    readonly code: string,
  ) {
    super(`${jobName} job failed (${code})`);
    this.name = 'JobFailed';
  }
}

export interface JobQueueOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Seconds between maintenance passes (expired jobs of dead processes go back to the queue). */
  maintenanceIntervalS?: number;
  /** Connections of the queue's own pool. */
  poolMax?: number;
}

const QUEUE_STATE: Record<string, JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'failed',
};

interface Declared {
  handler: JobHandler<object>;
  policy: JobPolicy;
}

/** What one process's queue holds between calls: declarations, its pg-boss, its workers. */
interface QueueState {
  options: JobQueueOptions;
  log: FastifyBaseLogger;
  declared: Map<string, Declared>;
  schedules: Map<string, string | { everyMs: number }>;
  queuesReady: Map<string, Promise<void>>;
  /** Jobs this process is running, by id, with their kind (to hand them back on stop). */
  inFlight: Map<string, string>;
  /** pg-boss workers of this process, by kind (an enqueue here wakes one up at once). */
  workerIds: Map<string, string[]>;
  timers: NodeJS.Timeout[];
  boss: PgBoss | null;
  starting: Promise<PgBoss> | null;
  closed: boolean;
  /** False once stopWorking began: a job fetched after that is handed back, not run. */
  accepting: boolean;
}

/** pg-boss behind our interface. Nothing connects until a job is enqueued or worked. */
export function createJobQueue(options: JobQueueOptions): Jobs {
  const state: QueueState = {
    options,
    log: options.log,
    declared: new Map(),
    schedules: new Map(),
    queuesReady: new Map(),
    inFlight: new Map(),
    workerIds: new Map(),
    timers: [],
    boss: null,
    starting: null,
    closed: false,
    accepting: true,
  };
  return {
    handle(name, handler, policy = {}) {
      if (state.declared.has(name)) throw new Error(`job ${name} is declared twice`);
      state.declared.set(name, { handler: handler as JobHandler<object>, policy });
    },
    enqueue: (name, payload, enqueueOptions) => enqueue(state, name, payload, enqueueOptions),
    schedule(name, when) {
      state.schedules.set(name, when);
    },
    work: (names = [...state.declared.keys()]) => work(state, names),
    stopWorking: (timeoutMs) => stopWorking(state, timeoutMs),
    async state(name, id) {
      const instance = await start(state);
      const job = await instance.getJobById(name, id, { includeArchive: true });
      return job ? (QUEUE_STATE[job.state] ?? null) : null;
    },
    running: () => state.inFlight.size,
    names: () => [...state.declared.keys()],
    close: () => close(state),
  };
}

/** Starts pg-boss once, on first use. */
function start(state: QueueState): Promise<PgBoss> {
  if (state.closed) return Promise.reject(new Error('the job queue is closed'));
  const { options, log } = state;
  state.starting ??= (async () => {
    const instance = new PgBoss({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 4,
      application_name: 'lumiskin-jobs',
      maintenanceIntervalSeconds: options.maintenanceIntervalS ?? 30,
      // Finished jobs hold ids only; keep them a week for the status route and debugging.
      archiveCompletedAfterSeconds: 60 * 60 * 12,
      deleteAfterDays: 7,
    });
    // pg-boss reports background failures (a lost connection while polling) as events.
    instance.on('error', (error) => log.warn({ err: error }, 'job queue error'));
    await instance.start();
    state.boss = instance;
    return instance;
  })();
  return state.starting;
}

/** A kind's policy in pg-boss's words. */
export function queuePolicy(name: string, policy: JobPolicy): PgBoss.Queue {
  return {
    name,
    // 'short': at most one job in state created per kind (pg-boss's unique index), none
    // on active ones. ('stately', one active too, makes fetches fail in pg-boss 10.)
    policy: policy.oneQueued ? ('short' as const) : ('standard' as const),
    retryLimit: policy.retries ?? 3,
    retryDelay: policy.retryDelayS ?? 30,
    retryBackoff: policy.backoff ?? true,
    expireInSeconds: policy.timeoutS ?? 15 * 60,
  };
}

/** Creates the queue (pg-boss refuses jobs of unknown queues) and keeps its policy current. */
function ensureQueue(state: QueueState, name: string): Promise<void> {
  let ready = state.queuesReady.get(name);
  if (!ready) {
    ready = (async () => {
      const instance = await start(state);
      const policy = queuePolicy(name, state.declared.get(name)?.policy ?? {});
      await createQueueRetrying(instance, name, policy);
      await instance.updateQueue(name, policy);
    })();
    ready.catch(() => state.queuesReady.delete(name));
    state.queuesReady.set(name, ready);
  }
  return ready;
}

/**
 * Processes starting together on a new database create the same queues at the same moment, and
 * pg-boss's partition DDL can then deadlock: PostgreSQL aborts one side, which tries again (the
 * queue is usually there by then).
 */
async function createQueueRetrying(instance: PgBoss, name: string, policy: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await instance.getQueue(name))) await instance.createQueue(name, policy);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/** Runs one fetched job through its handler; a failure is stored as a `JobFailed`. */
async function runJob(
  state: QueueState,
  name: string,
  entry: Declared,
  job: PgBoss.JobWithMetadata<object>,
) {
  const { log, inFlight } = state;
  // pg-boss's offWork does not wait for a fetch under way: what it returns after the stop is
  // failed back to the queue (retried elsewhere), as a job outliving the grace is.
  if (!state.accepting) {
    log.warn({ job: { name, id: job.id } }, 'job handed back to the queue at shutdown');
    throw new JobFailed(name, 'handed_back');
  }
  inFlight.set(job.id, name);
  const attempt = job.retryCount + 1;
  try {
    await entry.handler({
      id: job.id,
      data: job.data,
      attempt,
      isLastAttempt: job.retryCount >= job.retryLimit,
    });
  } catch (error) {
    // Logged here with our serializers; the queue keeps only the kind and a code.
    log.error({ err: error, job: { name, id: job.id, attempt } }, 'job failed');
    throw error instanceof JobFailed ? error : new JobFailed(name, 'error');
  } finally {
    inFlight.delete(job.id);
  }
}

async function enqueue<T extends object>(
  state: QueueState,
  name: string,
  payload: T,
  enqueueOptions: { id?: string; startAfterS?: number } = {},
): Promise<string | null> {
  await ensureQueue(state, name);
  const instance = await start(state);
  const id = await instance.send(name, payload, {
    ...(enqueueOptions.id && { id: enqueueOptions.id }),
    ...(enqueueOptions.startAfterS && { startAfter: enqueueOptions.startAfterS }),
  });
  // Worked here too: wake a worker now rather than at its next poll.
  const local = state.workerIds.get(name)?.[0];
  if (id && local && !enqueueOptions.startAfterS) instance.notifyWorker(local);
  return id;
}

async function work(state: QueueState, names: readonly string[]) {
  state.accepting = true;
  const instance = await start(state);
  for (const name of names) {
    const entry = state.declared.get(name);
    if (!entry) throw new Error(`no handler for job ${name}`);
    await ensureQueue(state, name);
    await startWorkers(state, instance, name, entry);
    await applySchedule(state, instance, name);
  }
}

/**
 * One pg-boss worker runs its batch to the end before fetching again: n loops of one job each
 * run up to n jobs at once.
 */
async function startWorkers(state: QueueState, instance: PgBoss, name: string, entry: Declared) {
  const loops = Math.max(1, entry.policy.concurrency ?? 1);
  const ids = state.workerIds.get(name) ?? [];
  state.workerIds.set(name, ids);
  for (let i = 0; i < loops; i++) {
    ids.push(
      await instance.work<object>(
        name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: entry.policy.pollS ?? 2,
        },
        async ([job]) => {
          if (job) await runJob(state, name, entry, job);
        },
      ),
    );
  }
}

/** Stores a cron schedule (or removes a stored one), or starts this process's interval timer. */
async function applySchedule(state: QueueState, instance: PgBoss, name: string) {
  const when = state.schedules.get(name);
  if (typeof when === 'string') {
    await instance.schedule(name, when, {}, { tz: 'UTC' });
  } else {
    await instance.unschedule(name);
  }
  if (when && typeof when === 'object') {
    const timer = setInterval(() => {
      enqueue(state, name, {}).catch((error: unknown) => {
        // A tick still under way when the queue closes is no news.
        if (!state.closed)
          state.log.warn({ err: error, job: { name } }, 'recurring job not queued');
      });
    }, when.everyMs);
    timer.unref();
    state.timers.push(timer);
  }
}

async function stopWorking(state: QueueState, timeoutMs: number) {
  state.accepting = false;
  if (!state.boss) return;
  const instance = state.boss;
  for (const timer of state.timers.splice(0)) clearInterval(timer);
  for (const ids of state.workerIds.values()) {
    for (const id of ids.splice(0)) await instance.offWork({ id });
  }
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight.size > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Still running at the deadline: fail them now so another process retries them at once,
  // rather than after their time limit. (Their handlers are idempotent.)
  for (const [id, name] of state.inFlight) {
    state.log.warn({ job: { name, id } }, 'job handed back to the queue at shutdown');
    await instance.fail(name, id, { message: 'handed back at shutdown' });
  }
}

async function close(state: QueueState) {
  state.closed = true;
  for (const timer of state.timers.splice(0)) clearInterval(timer);
  const instance = state.boss ?? (state.starting ? await state.starting.catch(() => null) : null);
  // Not graceful here: stopWorking already waited; whatever still runs is handed back.
  await instance?.stop({ graceful: false, close: true });
}

/**
 * A recurring job every `ms`: a cron string when cron can say it (whole minutes dividing an hour,
 * or the hour), else `{ everyMs }` (see `Jobs.schedule`).
 */
export function every(ms: number): string | { everyMs: number } {
  const minutes = ms / 60_000;
  if (minutes === 1) return '* * * * *';
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) {
    return `*/${minutes} * * * *`;
  }
  if (minutes === 60) return '0 * * * *';
  return { everyMs: ms };
}

/**
 * Installs or upgrades the queue's tables (schema `pgboss`) on a database; run with the
 * migrations, so a fresh database (and the tests' template) has them before anything starts.
 */
export async function installJobQueue(databaseUrl: string): Promise<void> {
  const instance = new PgBoss({
    connectionString: databaseUrl,
    max: 1,
    application_name: 'lumiskin-migrate',
    supervise: false,
    schedule: false,
  });
  await instance.start();
  await instance.stop({ graceful: false, close: true });
}
