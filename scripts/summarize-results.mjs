// Adds up the JSON reports of Vitest and Playwright of each CI run into one closing line.
// A missing report is an error: the line must count every test that ran.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const read = (file) => {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  missing.push(file);
  return null;
};
for (const dir of process.argv.slice(2)) {
  const unit = read(path.join(dir, 'vitest.json'));
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
  }
  for (const name of ['playwright.json', 'playwright-voice.json']) {
    const e2e = read(path.join(dir, name));
    if (!e2e) continue;
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
}
for (const file of missing) console.error(`ci: missing test report ${file}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 ? 1 : 0);
