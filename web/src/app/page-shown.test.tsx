// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';
import { whenPageShown } from '../lib/page-shown';
import { renderPage } from '../../test/render-page';
import { pageOf } from './page';

// This file's own module state: the first page of a visit is shown once (lib/page-shown.ts)
it('the first page tells it is on screen once it has rendered, its chunk having arrived before', async () => {
  let shown = false;
  void whenPageShown().then(() => (shown = true));
  const MyBooksPage = pageOf(async () => undefined)(async () => ({ MyBooksPage: () => <h1>My books</h1> }), 'MyBooksPage');
  await MyBooksPage.preload({});
  expect(shown, 'nothing rendered yet').toBe(false);

  const container = await renderPage(MyBooksPage, <p>fallback</p>);
  await vi.waitFor(() => expect(container.textContent).toBe('My books'));
  // two frames later, well before the 4 s after which it is taken as shown anyway
  await vi.waitFor(() => expect(shown).toBe(true), { timeout: 1_000 });
});
