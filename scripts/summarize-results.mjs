// Adds up the JSON reports of Vitest and Playwright of each CI run into one closing line.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of process.argv.slice(2)) {
  const unit = path.join(dir, 'vitest.json');
  if (fs.existsSync(unit)) {
    const report = JSON.parse(fs.readFileSync(unit, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  for (const name of ['playwright.json', 'playwright-voice.json']) {
    const e2e = path.join(dir, name);
    if (!fs.existsSync(e2e)) continue;
    const { stats } = JSON.parse(fs.readFileSync(e2e, 'utf8'));
    passed += stats.expected + (stats.flaky ?? 0);
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
