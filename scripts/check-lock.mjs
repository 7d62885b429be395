// Lock check (run by `npm run lint`; run it after every dependency change):
// 1. every package of package-lock.json runs on the oldest Node that package.json's `engines` allows
//    (else `npm ci` warns EBADENGINE and the package may break there; pin a version that runs, with
//    `overrides` when it is a transitive one);
// 2. every optional dependency of a locked package is itself locked, for every platform: the registry
//    here serves Linux builds only, and a lock without another platform's native package breaks
//    `npm ci` on that platform (CI included);
// 3. the lock agrees with package.json, as `npm ci` on a fresh clone demands (a hand-edited or partly
//    updated lock installs fine over an existing node_modules and fails there).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const semver = require('semver');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const oldestNode = semver.minVersion(manifest.engines.node).version;

const problems = [];
const packages = Object.entries(lock.packages).filter(([location]) => location !== '');
for (const [location, entry] of packages) {
  const range = entry.engines?.node;
  if (range && !semver.satisfies(oldestNode, range, { includePrerelease: true })) {
    problems.push(`${location}@${entry.version} needs Node ${range}, package.json allows ${manifest.engines.node}`);
  }
}

/** Where Node would find `name` from the package at `location` (its own node_modules, then up). */
function resolves(location, name) {
  for (let dir = location; ;) {
    if (lock.packages[`${dir}/node_modules/${name}`]) return true;
    const up = dir.lastIndexOf('/node_modules/');
    if (up < 0) return Boolean(lock.packages[`node_modules/${name}`]);
    dir = dir.slice(0, up);
  }
}
for (const [location, entry] of packages) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(location, name)) problems.push(`${location} lists the optional ${name}, missing from the lock`);
  }
}

const dryRun = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' });
if (dryRun.status !== 0) {
  const reasons = `${dryRun.stderr}`.split('\n').filter((line) => /Missing|Invalid|in sync/.test(line));
  problems.push(`npm ci would refuse it:\n    ${reasons.join('\n    ') || dryRun.stderr}`);
}

if (problems.length > 0) {
  console.error(`package-lock.json:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Lock: ${packages.length} packages run on Node ${oldestNode}; every optional (platform) package is locked; npm ci accepts it.`);
