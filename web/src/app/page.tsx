import { lazy, startTransition, useEffect, useState, type ComponentType, type FunctionComponent } from 'react';
import type { Params } from 'react-router';
import { Loader } from '../components/loader';
import { pageRendered } from '../lib/page-shown';

/**
 * A page in its own chunk, which can also be asked for, with the texts it needs and the data it first
 * reads (`prefetch`, given the route's params), before it renders (`preload`).
 */
export interface Page extends FunctionComponent {
  preload(params: Params): Promise<unknown>;
}
type Loaded = { default: ComponentType };

export const isPage = (type: unknown): type is Page => typeof type === 'function' && 'preload' in type;

/** `page(load, name, namespaces, prefetch)`, its texts loaded by `loadTexts` (i18next's, app/router.tsx). */
export const pageOf =
  (loadTexts: (namespaces: string[]) => Promise<unknown>) =>
  (
    load: () => Promise<Record<string, ComponentType>>,
    name: string,
    namespaces: string[] = [],
    prefetch?: (params: Params) => Promise<unknown>,
  ): Page => {
    let loaded: ComponentType | undefined;
    /** The first page's chunk and texts, asked for as the app starts (app/router.tsx): it waits for them without suspending. */
    let first: Promise<ComponentType> | undefined;
    const loadPage = () => load().then((module) => (loaded = module[name]));
    // A page whose chunk has already arrived renders without suspending: the factory's thenable calls back at once,
    // which React.lazy takes as resolved.
    const Lazy = lazy(() =>
      loaded
        ? ({ then: (resolve: (module: Loaded) => void) => resolve({ default: loaded! }) } as unknown as Promise<Loaded>)
        : loadPage().then((component) => ({ default: component })),
    );
    /*
     * The first page shows the route's loader until its chunk and texts have arrived, then itself, in an update of its own
     * rather than as the reveal of a Suspense boundary: React shows a boundary's content that replaces a fallback shown less
     * than 300 ms before only once those 300 ms are over (its Suspense throttling), and the first page's chunk, asked for by
     * the HTML, has mostly arrived by the time the loader is painted. That update is a transition, rendered in slices that
     * leave the browser free in between (the page is the heaviest render of a first visit). Other pages (navigations) suspend as before, the
     * router's transition keeping the page they leave on screen until they are ready.
     */
    function Page() {
      const [waitFor] = useState(() => (loaded ? undefined : first));
      const [component, setComponent] = useState<ComponentType | undefined>(undefined);
      const [failed, setFailed] = useState(false);
      useEffect(() => {
        if (!waitFor) return;
        let alive = true;
        waitFor.then(
          (arrived) => alive && startTransition(() => setComponent(() => arrived)),
          () => alive && setFailed(true), // the lazy page asks again, and its failure reaches PageErrorBoundary (page-error.tsx)
        );
        return () => {
          alive = false;
        };
      }, [waitFor]);
      const showsPage = !waitFor || failed || component !== undefined;
      useEffect(() => {
        if (showsPage) pageRendered();
      }, [showsPage]);
      if (!waitFor || failed) return <Lazy />;
      const Arrived = component;
      return Arrived ? <Arrived /> : <Loader fillsScreen />;
    }
    return Object.assign(Page, {
      preload: (params: Params) => {
        prefetch?.(params).catch(() => undefined); // the page reads again itself
        first ??= Promise.all([loadPage(), loadTexts(namespaces)]).then(([component]) => component);
        return first;
      },
    });
  };
