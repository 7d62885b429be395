// Fails when modules import each other at run time (type-only imports do not count): a cycle makes
// load order matter and hides which area depends on which. Part of `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['server/src', 'common', 'web/src'].map((dir) => path.join(root, dir));
const aliases = { '@common/': path.join(root, 'common/') };

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from, specifier) {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(aliases[alias], specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  return (
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((suffix) => base + suffix)
      .find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
  );
}

/** The modules a file needs at run time: imports and re-exports that are not type-only. */
function runtimeImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) targets.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      targets.push(node.moduleSpecifier.text);
    }
  }
  return targets.map((specifier) => resolve(file, specifier)).filter(Boolean);
}

const graph = new Map(roots.flatMap(sourceFiles).map((file) => [file, runtimeImports(file)]));
const state = new Map(); // 1: on the current path, 2: done
const cycles = [];
function visit(file, trail) {
  state.set(file, 1);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 1) cycles.push([...trail.slice(trail.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, [...trail, next]);
  }
  state.set(file, 2);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' → ')}`);
  process.exit(1);
}
console.log(`Imports: ${graph.size} modules, no run-time cycle.`);
