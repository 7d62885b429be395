/**
 * First visit, from the build (dist/web or WEB_DIST_DIR): JavaScript the entry route loads (the entry
 * script and its modulepreloads) as sent compressed, beside the same files raw; font bytes of the build.
 * Lighthouse is not run here (see docs/performance.md). Run: npm run build && npx tsx bench/web.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { figure, ROOT, round } from './lib';

const web = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'dist/web');
const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const size = (file: string) => fs.statSync(path.join(web, file)).size;
const kb = (bytes: number) => round(bytes / 1024, 1);
const raw = scripts.reduce((sum, f) => sum + size(f), 0);
const gzip = scripts.reduce((sum, f) => sum + size(`${f}.gz`), 0);
const brotli = scripts.reduce((sum, f) => sum + size(`${f}.br`), 0);
console.log(`entry route scripts: ${scripts.join(', ')}`);
figure({
  name: 'JavaScript on the entry route, gzip',
  value: kb(gzip),
  unit: 'KB',
  anchor: 'the same files raw',
  anchorValue: kb(raw),
  goal: '≤ 150 KB gzip',
});
figure({
  name: 'JavaScript on the entry route, brotli (as sent to browsers)',
  value: kb(brotli),
  unit: 'KB',
  anchor: 'the same files raw',
  anchorValue: kb(raw),
  goal: '≤ 150 KB compressed',
});
const fonts = fs.readdirSync(path.join(web, 'assets')).filter((f) => /\.(ttf|otf|woff2?)$/.test(f));
const fontBytes = fonts.reduce((sum, f) => sum + size(`assets/${f}`), 0);
figure({
  name: `font files in the build (${fonts.length})`,
  value: kb(fontBytes),
  unit: 'KB',
  anchor: 'entry route JavaScript raw',
  anchorValue: kb(raw),
  goal: 'subset WOFF2, used weights only',
});
