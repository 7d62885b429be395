import type { FastifyBaseLogger } from 'fastify';

export interface ProcessGuardOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'fatal'>;
  /** Called once when failures keep coming: close what can be closed, then exit non-zero. */
  giveUp: () => void;
  /** More than `max` failures within `windowMs` means the process is no longer in a known state. */
  max?: number;
  windowMs?: number;
}

/**
 * The last line of defence behind the checks at every door (images/normalize-image, zod bodies,
 * limits): an exception nothing caught or a promise rejection nobody handled is logged with its
 * stack, and the process keeps serving everyone else. A burst of them (more than 5 in a minute)
 * means something is broken for good: the guard gives up so the supervisor (systemd
 * `Restart=always`, a container restart policy; see README "Running in production") starts a
 * fresh process.
 */
export function installProcessGuard(target: NodeJS.Process, { log, giveUp, max = 5, windowMs = 60_000 }: ProcessGuardOptions): void {
  let recent: number[] = [];
  let gaveUp = false;
  const failed = (kind: string, error: unknown) => {
    const now = Date.now();
    recent = [...recent.filter((at) => at > now - windowMs), now];
    log.error({ err: error, kind }, 'failure nothing handled; still serving');
    if (recent.length > max && !gaveUp) {
      gaveUp = true;
      log.fatal({ failures: recent.length, windowMs }, 'too many unhandled failures; exiting for the supervisor to restart');
      giveUp();
    }
  };
  target.on('uncaughtException', (error) => failed('uncaughtException', error));
  target.on('unhandledRejection', (reason) => failed('unhandledRejection', reason));
}
