import type { FastifyBaseLogger } from 'fastify';

/**
 * The worker-loop driver both queues share (pg-boss-queue.ts, table-queue.ts): at most one `work()`
 * runs at a time, started by kick() (on enqueue, at start and every `pollMs`); stop() aborts the
 * running job's signal and waits for `work()` to return; idle() resolves once nothing runs here and
 * `waiting()` finds no job to run now.
 * `work()` takes jobs until none is left, returning early when `stopped` turns true, and runs each with
 * `signal` (read at the time: a restart gives a new one).
 */
export interface WorkerLoop {
  readonly stopped: boolean;
  readonly signal: AbortSignal;
  kick(): void;
  start(): void;
  stop(): Promise<void>;
  idle(): Promise<void>;
}

export function createWorkerLoop(options: {
  work: () => Promise<void>;
  /** Is any job waiting to run now (idle() asks it once work() has returned)? */
  waiting: () => Promise<boolean>;
  pollMs: number;
  log: FastifyBaseLogger;
}): WorkerLoop {
  const { work, waiting, pollMs, log } = options;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let abort = new AbortController();
  const waiters: Array<() => void> = [];

  function kick() {
    if (stopped || running) return;
    running = work()
      .catch((error: unknown) => log.error({ err: error }, 'job queue'))
      .finally(() => {
        running = null;
        if (waiters.length) void settleWaiters();
      });
  }

  async function settleWaiters() {
    if (running) return;
    if (!stopped && (await waiting())) {
      kick();
      return;
    }
    for (const resolve of waiters.splice(0)) resolve();
  }

  return {
    get stopped() {
      return stopped;
    },
    get signal() {
      return abort.signal;
    },
    kick,
    start() {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      abort.abort(new Error('server stopping'));
      await running;
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        void settleWaiters();
      });
    },
  };
}
