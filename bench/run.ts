/**
 * `npm run bench`: builds, runs every bench script one after the other and writes bench/results.md
 * (machine, date, each figure beside its same-run anchor and their ratio). A script that fails is
 * reported as such; the others still run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { ROOT, type Figure } from './lib';

const SCRIPTS = [
  'web.ts',
  'lighthouse.ts',
  'start.ts',
  'restart.ts',
  'server-load.ts',
  'my-books.ts',
  'saves.ts',
  'generation.ts',
  'writing.ts',
  'export.ts',
  'audiobook.ts',
];

const loadBefore = os.loadavg();
const started = new Date();
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');

const rows: string[] = [];
const failed: string[] = [];
for (const script of SCRIPTS) {
  console.log(`\n### bench/${script}`);
  const run = spawnSync('npx', ['tsx', path.join('bench', script)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(
    run.stdout
      .split('\n')
      .filter((l) => !l.startsWith('BENCH '))
      .join('\n'),
  );
  if (run.status !== 0) failed.push(`bench/${script} (exit ${run.status})`);
  for (const line of run.stdout.split('\n').filter((l) => l.startsWith('BENCH '))) {
    const f = JSON.parse(line.slice(6)) as Figure;
    const ratio = f.anchorValue ? (f.value / f.anchorValue).toFixed(2) : '—';
    rows.push(`| ${f.name} | ${f.value} ${f.unit} | ${f.anchorValue} ${f.unit} (${f.anchor}) | ${ratio} | ${f.goal} | bench/${script} |`);
  }
}

const cpus = os.cpus();
const md = [
  '# Bench results',
  '',
  `Written by \`npm run bench\` (bench/run.ts) on ${started.toISOString()}.`,
  '',
  `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}, Node ${process.version}.`,
  `Load average before: ${loadBefore.map((l) => l.toFixed(1)).join(' ')}; after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} — figures on a shared machine are noisy: read each beside its anchor.`,
  '',
  '| figure | now | same-run anchor | ratio | goal | script |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(failed.length ? [`Failed: ${failed.join(', ')}.`, ''] : []),
  'How each is measured and what changed: docs/performance.md.',
  '',
];
const resultsFile = path.join(ROOT, 'bench/results.md');
// formatted as `npm run lint` (prettier --check) wants it, so a fresh run can be committed as it is
const prettierOptions = await prettier.resolveConfig(resultsFile);
fs.writeFileSync(resultsFile, await prettier.format(md.join('\n'), { ...prettierOptions, filepath: resultsFile }));
console.log(`\nbench/results.md written${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
if (failed.length) process.exitCode = 1;
