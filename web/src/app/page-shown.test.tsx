// @vitest-environment jsdom
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import { whenPageShown } from '../lib/page-shown';
import { pageOf } from './page';

// This file's own module state: the first page of a visit is shown once (lib/page-shown.ts)
it('the first page tells it is on screen once it has rendered, its chunk having arrived before', async () => {
  let shown = false;
  void whenPageShown().then(() => (shown = true));
  const MyBooksPage = pageOf(async () => undefined)(async () => ({ MyBooksPage: () => <h1>My books</h1> }), 'MyBooksPage');
  await MyBooksPage.preload({});
  expect(shown, 'nothing rendered yet').toBe(false);

  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <Suspense fallback={<p>fallback</p>}>
      <MyBooksPage />
    </Suspense>,
  );
  await vi.waitFor(() => expect(container.textContent).toBe('My books'));
  // two frames later, well before the 4 s after which it is taken as shown anyway
  await vi.waitFor(() => expect(shown).toBe(true), { timeout: 1_000 });
});
