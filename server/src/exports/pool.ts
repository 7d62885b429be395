import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { ExportMessage } from './export-process';
import type { ExportJob, ExportResult } from './worker';

/** Heap allowed to one export (a process past it dies, its export is refused, the server keeps running). */
const EXPORT_HEAP_MB = 512;
/** An idle export process exits after this, and all the memory of the last export goes back to the system with it. */
const IDLE_MS = 2_000;
/**
 * An export process's scheduling priority (Unix nice value, 0 being the server's): on a machine as small as
 * two cores, typesetting and libvips' threads would otherwise take the CPU the server's requests need.
 */
export const EXPORT_NICE = 10;

/** The error of an export whose process died under it (past its heap limit, or killed): service.ts refuses the book. */
export const EXPORT_PROCESS_EXIT = 'ERR_EXPORT_PROCESS_EXIT';

/**
 * From the sources (tsx, vitest) the process runs the TypeScript file through tsx; built, it is
 * dist/server/export-process.js beside server.js (scripts/build.mjs).
 */
const fromSources = import.meta.url.endsWith('.ts');
const ENTRY = path.join(import.meta.dirname, fromSources ? 'export-process.ts' : 'export-process.js');

interface Task {
  job: ExportJob;
  resolve: (result: ExportResult) => void;
  reject: (error: Error) => void;
}
interface Worker {
  child: ChildProcess;
  task: Task | null;
  idle: NodeJS.Timeout | undefined;
  /** Told to end (idle): until its exit it takes no export, which its exit would refuse as too heavy. */
  ending: boolean;
}

/**
 * Typesetting and EPUB/DOCX building run in child processes, never in the server's process: at most
 * `max` at once, each started on demand, running one export at a time, exiting after `idleMs` without
 * one. A process's exit gives the system back everything the export used — libvips and its threads,
 * malloc arenas, code pages — which a worker thread's exit does not (docs/decisions/0050-export-processes.md).
 * Jobs and results cross the IPC channel with advanced serialization (the structured clone: Buffers,
 * Uint8Arrays and Maps arrive as they were sent).
 */
export class ExportPool {
  /** Exports answered by a process (for tests and observability). */
  completed = 0;
  readonly #workers = new Set<Worker>();
  readonly #queue: Task[] = [];
  /** Called each time an export process has exited (pool.ts's own GC below). */
  onExit: (() => void) | undefined;

  constructor(readonly options: { max: number; idleMs: number; heapMb: number }) {}

  /** The process ids of the export processes alive. */
  get pids(): number[] {
    return [...this.#workers].map((worker) => worker.child.pid ?? 0);
  }

  /** The process ids of those running an export now. */
  get running(): number[] {
    return [...this.#workers].filter((worker) => worker.task).map((worker) => worker.child.pid ?? 0);
  }

  run(job: ExportJob): Promise<ExportResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    while (this.#queue.length > 0) {
      let worker = [...this.#workers].find((candidate) => candidate.task === null && !candidate.ending);
      if (!worker) {
        if (this.#workers.size >= this.options.max) return;
        worker = this.#start();
      }
      const task = this.#queue.shift()!;
      clearTimeout(worker.idle);
      worker.task = task;
      worker.child.ref();
      worker.child.channel?.ref();
      try {
        worker.child.send(task.job, (error) => error && this.#settle(worker, error));
      } catch (error) {
        this.#settle(worker, error as Error);
      }
    }
  }

  #start(): Worker {
    const child = fork(ENTRY, [], {
      execArgv: [...(fromSources ? ['--import', 'tsx'] : []), `--max-old-space-size=${this.options.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    lowerPriority(child);
    const worker: Worker = { child, task: null, idle: undefined, ending: false };
    this.#workers.add(worker);
    child.on('message', (message: ExportMessage) => {
      if (message.ok) this.#settle(worker, null, message.result);
      else this.#settle(worker, Object.assign(new Error(message.error.message), message.error));
    });
    const gone = (reason: string) => {
      if (!this.#workers.delete(worker)) return;
      clearTimeout(worker.idle);
      if (worker.task) this.#settle(worker, Object.assign(new Error(`The export process ${reason}`), { code: EXPORT_PROCESS_EXIT }));
      this.#dispatch();
      this.onExit?.();
    };
    child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    child.on('error', (error) => {
      child.kill('SIGKILL');
      gone(`failed: ${error.message}`);
    });
    return worker;
  }

  /** The end of a worker's task, with its result or its error; the worker waits for the next task, or exits once idle. */
  #settle(worker: Worker, error: Error | null, result?: ExportResult) {
    const task = worker.task;
    if (!task) return;
    worker.task = null;
    if (error) task.reject(error);
    else {
      this.completed += 1;
      task.resolve(result!);
    }
    if (!this.#workers.has(worker)) return;
    if (this.#queue.length > 0) return this.#dispatch();
    worker.child.unref();
    worker.child.channel?.unref();
    worker.idle = setTimeout(() => {
      worker.ending = true;
      worker.child.kill();
    }, this.options.idleMs);
    worker.idle.unref();
  }
}

/** The export yields the CPU to the server's requests; a system that refuses (no such process yet) leaves it as it is. */
function lowerPriority(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, EXPORT_NICE);
  } catch {
    // the process already failed to start: its 'error' event settles its task
  }
}

export const exportPool = new ExportPool({ max: Math.max(1, os.availableParallelism() - 1), idleMs: IDLE_MS, heapMb: EXPORT_HEAP_MB });

/** Runs one export in the pool; the files come back as Buffers. */
export async function runExport(job: ExportJob): Promise<Omit<ExportResult, 'files'> & { files: Record<string, Buffer> }> {
  const result = await exportPool.run(job);
  const files = Object.fromEntries(
    Object.entries(result.files).map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
  );
  return { ...result, files };
}

/**
 * Once the last export process has exited, one full collection hands back what the export left on this side
 * (the job's photos read from storage, the files received). `gc` exists only when node runs with --expose-gc,
 * as `npm start` and the README's systemd unit run it.
 */
exportPool.onExit = () =>
  setImmediate(() => {
    if (exportPool.pids.length === 0) globalThis.gc?.();
  });
