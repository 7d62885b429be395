import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import type { Call } from '../common/api/contract';

/**
 * The web build's view of the `common/api/<area>.ts` declarations: each call's method, path and scope, whether
 * it is multipart and whether it answers JSON — no schema, so zod (~39 KB gzip) stays out of the first load of
 * the pages whose first reads come with these declarations (the workspace's getSession). Each call is still
 * declared once, in common/api: the view is derived from the real module at build time, and
 * `web/src/lib/api-views.test.ts` compares it call by call with the declarations. The client then trusts
 * the answer's shape (`web/src/lib/api.ts`): the server sends every answer through the declaration's schema.
 */
export interface CallView {
  method: Call['method'];
  path: Call['path'];
  scope: Call['scope'];
  /** Present (true) when the call takes a multipart form: the client then sends FormData. */
  multipart?: true;
  /** Present (true) when the call answers JSON (`success`); absent for a file or a stream. */
  response?: true;
}

export const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'scope' in value;

export function callView(call: Call): CallView {
  return {
    method: call.method,
    path: call.path,
    scope: call.scope,
    ...(call.multipart && { multipart: true as const }),
    ...(call.response && { response: true as const }),
  };
}

/**
 * The view of one declarations module as JavaScript source: its groups of calls as views, its constants as
 * they are. Anything else (a schema exported beside the calls) is refused: the web would get it undefined.
 */
export function apiViewSource(module: Record<string, unknown>, name: string): string {
  const lines = [`// The view of ${name} without its schemas (web/api-views.ts).`];
  for (const [key, value] of Object.entries(module)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) lines.push(`export const ${key} = ${JSON.stringify(value)};`);
    else if (typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isCall)) {
      const views = Object.fromEntries(Object.entries(value as Record<string, Call>).map(([callName, call]) => [callName, callView(call)]));
      lines.push(`export const ${key} = ${JSON.stringify(views)};`);
    } else lines.push(`export const ${key} = undefined; // not a group of calls nor a constant: import it from a schema module`);
  }
  return lines.join('\n') + '\n';
}

/** Loads a declarations module as Node sees it (bundled with zod by esbuild, evaluated from memory). */
export async function loadDeclarations(file: string): Promise<Record<string, unknown>> {
  const result = await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' });
  const code = result.outputFiles[0].text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
}

const VIEW = '\0plume-api-view:';
const DECLARATIONS = /[\\/]common[\\/]api[\\/](?!contract\.ts$)[\w-]+\.ts$/;

/** The Vite plugin (build only): a web module's import of `common/api/<area>` gets the area's view. */
export function apiViews(webRoot: string): Plugin {
  const webSource = path.join(webRoot, 'src') + path.sep;
  return {
    name: 'plume-api-views',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(webSource) || !/common\/api\//.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DECLARATIONS.test(resolved.id)) return null;
      return VIEW + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(VIEW)) return null;
      const file = id.slice(VIEW.length);
      this.addWatchFile(file);
      return apiViewSource(await loadDeclarations(file), path.basename(file));
    },
  };
}
