import { Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * Renders a page as the router does, inside a Suspense boundary, into a new container in the document. react-dom is
 * imported on the call, not with this module: a test may fake timers before React takes them as it loads.
 */
export async function renderPage(Page: ComponentType, fallback: ReactNode): Promise<HTMLElement> {
  const { createRoot } = await import('react-dom/client');
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>,
  );
  return container;
}
