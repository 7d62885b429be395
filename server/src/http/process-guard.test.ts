import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';

const run = promisify(execFile);
const script = path.join(ROOT_DIR, 'server/test/fixtures/process/guarded.ts');
const tsx = path.join(ROOT_DIR, 'node_modules/.bin/tsx');

describe('the process guard', () => {
  it('logs an exception thrown in a callback and an unhandled rejection, and keeps the process running', async () => {
    const { stdout } = await run(tsx, [script], { cwd: ROOT_DIR });
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('alive');
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(logged.map((l) => l.kind)).toEqual(['uncaughtException', 'unhandledRejection']);
    expect(logged[0].err).toMatch(/^Error: unexpected end of file/);
  });

  it('gives up after a burst of failures so the supervisor restarts the process', async () => {
    const outcome = await run(tsx, [script], { cwd: ROOT_DIR, env: { ...process.env, BURST: '1' } }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(outcome.code).toBe(3);
    expect(outcome.stdout).toContain('"level":"fatal"');
    expect(outcome.stdout).not.toContain('alive');
  });
});
