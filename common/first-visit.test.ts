import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceApi } from './api/workspace';
import { callPath } from './api/contract';
import { FIRST_VISITS, firstVisitOf, LANDING_ROUTES, WORKSPACE_FIRST_READ } from './first-visit';

const WEB = path.resolve(import.meta.dirname, '../web');
const ROUTER = path.join(WEB, 'src/app/router.tsx');

/** The router's pages: each route's path with the modules its page imports (its chunk and the reads it starts with it). */
function routerPages(): Array<{ path: string; modules: string[] }> {
  const source = fs.readFileSync(ROUTER, 'utf8');
  const definitions = new Map<string, string[]>();
  const shared = new Map<string, string>();
  for (const [, name, target] of source.matchAll(/^const (\w+) = \(\) => import\('([^']+)'\);/gm)) shared.set(name!, target!);
  for (const [, name, body] of source.matchAll(/^const (\w+) = page\(([\s\S]*?)\n(?=const |\/\*\*|function )/gm)) {
    const targets = [...body!.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);
    const loader = /^\s*(\w+),/.exec(body!)?.[1];
    if (loader && shared.has(loader)) targets.unshift(shared.get(loader)!);
    definitions.set(
      name!,
      targets.map((target) => {
        const file = path.resolve(path.dirname(ROUTER), target);
        const withExtension = ['.tsx', '.ts'].map((ext) => file + ext).find((f) => fs.existsSync(f));
        if (!withExtension) throw new Error(`${target} not found`);
        return path.relative(WEB, withExtension);
      }),
    );
  }
  return [...source.matchAll(/\{ (?:path: '([^']+)'|index: true), element: <(\w+) \/> \}/g)]
    .filter(([, , element]) => definitions.has(element!))
    .map(([, routePath = '', element]) => ({ path: routePath, modules: definitions.get(element!)! }));
}

describe('first visits (what the server names in the HTML of each route)', () => {
  it("declares every page route of the router with the modules its page imports: the served HTML names the route's real chunks", () => {
    const pages = routerPages();
    expect(pages.length).toBeGreaterThan(25);
    for (const page of pages) {
      const visit = FIRST_VISITS.find((v) => v.path === page.path);
      // the page's own module first; the reads' modules that have a chunk of their own (get-session is in the workspace's)
      expect(visit?.modules[0], page.path).toBe(page.modules[0]);
      expect(page.modules, page.path).toEqual(expect.arrayContaining(visit!.modules));
    }
    expect(FIRST_VISITS.map((v) => v.path).sort()).toEqual(pages.map((p) => p.path).sort());
  });

  it("names as landing pages only declared routes (the build groups their first render's code by them, web/vite.config.ts)", () => {
    for (const routePath of Object.values(LANDING_ROUTES)) expect(FIRST_VISITS.map((v) => v.path)).toContain(routePath);
  });

  it('finds the route and language of a path, and nothing for a path that is no route of ours', () => {
    expect(firstVisitOf('/fr/login')).toMatchObject({ lng: 'fr', visit: { path: 'login' } });
    expect(firstVisitOf('/it/general-categories-options/1/4/')).toMatchObject({
      lng: 'it',
      visit: { path: 'general-categories-options/:serviceId/:categoryId' },
    });
    expect(firstVisitOf('/es')).toMatchObject({ lng: 'es', visit: { path: '' }, params: {} });
    expect(firstVisitOf('/it/general-categories-options/1/4')?.params).toEqual({ serviceId: '1', categoryId: '4' });
    for (const pathname of ['/', '/de/login', '/fr/questions', '/fr/questions/1/2', '/fr/unknown'])
      expect(firstVisitOf(pathname), pathname).toBeNull();
  });

  it("names the workspace's first read as the client sends it: getSession's own path, under /api", () => {
    expect(FIRST_VISITS.find((v) => v.path === 'questions/:sessionId')?.reads).toEqual([WORKSPACE_FIRST_READ]);
    expect(WORKSPACE_FIRST_READ.replace(':sessionId', '12')).toBe(`/api${callPath(workspaceApi.getSession, { serviceSessionId: 12 })}`);
  });
});
