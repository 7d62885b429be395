import type { FastifyBaseLogger } from 'fastify';

/** The queue's interface (queue.ts says which implementation runs where). */
export interface JobControl {
  /** Aborted when the server stops: the job ends early and is handed back (resumed at the next start or elsewhere). */
  signal: AbortSignal;
}
export interface JobHandler {
  run(refId: number, control: JobControl): Promise<void>;
  /** The job failed for good (its error after its retries, or too many lost workers): record it where users see it. */
  failed(refId: number, reason: string): Promise<void>;
  /** How many times a job whose run threw is tried again (waiting longer each time) before failed(). 0 by default. */
  retries?: number;
}

export interface Queue {
  enqueue(kind: string, refId: number): Promise<void>;
  handle(kind: string, handler: JobHandler): void;
  start(): void;
  /** Stops taking jobs and aborts the running one, which is handed back (it resumes at the next start or on another node). */
  stop(): Promise<void>;
  /** Resolves when no job is waiting to run now or running here (tests, shutdown). Jobs waiting for a retry later do not count. */
  idle(): Promise<void>;
}

export interface QueueOptions {
  log: FastifyBaseLogger;
  /** A running job holds its worker's lease this long, renewed while it works; a crashed node's job is claimable once it lapses. */
  leaseMs?: number;
  pollMs?: number;
  /** A job that keeps losing its worker (a crash each time) is failed after this many claims. */
  maxAttempts?: number;
  /** The first wait before a failed job is tried again; doubled at each further try. */
  retryDelayMs?: number;
  /** The in-process queue's clock (tests move it on to reach a retry); pg-boss uses the database's. */
  now?: () => Date;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_DELAY_MS = 30_000;
