// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findSessionRow, parseCheckpoint } from '../../../../../server/src/books/repository';
import { startApiServer } from '../../../../test/api-server';
import { testI18n } from '../../../../test/i18n';
import { AuthProvider } from '../../../app/auth';
import { OptionsPage } from './options-page';

/** The options form of a French guest's autobiography, against the real server (catalog, question bank, createBook). */
// jsdom has no ResizeObserver; Radix's radio cards measure themselves with it (layout is not under test here)
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// nor scrolling: the form scrolls its first invalid block into view
Element.prototype.scrollIntoView ??= () => {};
let api: Awaited<ReturnType<typeof startApiServer>>;
let fr: i18n;
beforeAll(async () => {
  api = await startApiServer();
  fr = await testI18n('fr', ['books']);
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});
// as Testing Library reads text: French no-break spaces count as spaces
const t = (key: string, options: Record<string, unknown> = {}) => fr.t(key, { ns: 'books', ...options }).replace(/\s+/g, ' ');

function Questions() {
  return <p data-testid="questions-page">{useParams().id}</p>;
}
function renderPage() {
  window.history.pushState({}, '', '/fr/general-categories-options/1/1');
  render(
    <I18nextProvider i18n={fr}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/fr/general-categories-options/1/1']}>
            <Routes>
              <Route path="/:lang/general-categories-options/:serviceId/:categoryId" element={<OptionsPage />} />
              <Route path="/:lang/questions/:id" element={<Questions />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
const description = () => screen.getByLabelText(t('options.description_title'));
const start = () => fireEvent.click(screen.getByRole('button', { name: t('options.start_writing') }));
const LONG = 'Je suis née à Saint-Malo en 1948, fille de pêcheur. J’ai appris à lire avec ma grand-mère, puis j’ai enseigné quarante ans.';

describe('OptionsPage (startFormSchema through useSchemaForm)', () => {
  it('refuses a short description and a missing length with their translated messages, and creates nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('type-101', {}, { timeout: 10_000 }));
    fireEvent.change(description(), { target: { value: 'Trop court.' } });
    start();
    expect(await screen.findByText(t('options.description_too_short'))).toBeTruthy();
    expect(screen.getByText(t('options.select_required'))).toBeTruthy();
    expect(description().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('questions-page')).toBeNull();

    // a length chosen: its message goes, the description's stays until it is long enough
    fireEvent.click(screen.getByTestId('length-11'));
    await waitFor(() => expect(screen.queryByText(t('options.select_required'))).toBeNull());
    expect(screen.getByText(t('options.description_too_short'))).toBeTruthy();
  });

  it('creates the guest’s book through createBook with the choices made, then opens its questions', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText(t('options.book_name'), {}, { timeout: 10_000 }), {
      target: { value: '  Les marées de ma vie ' },
    });
    fireEvent.click(screen.getByTestId('type-101'));
    fireEvent.change(description(), { target: { value: LONG } });
    fireEvent.click(screen.getByTestId('length-11'));
    start();
    const id = Number((await screen.findByTestId('questions-page', {}, { timeout: 10_000 })).textContent);
    const row = await findSessionRow(api.app.ctx.db, id);
    expect(row?.book_name).toBe('Les marées de ma vie');
    expect(parseCheckpoint(row!)).toMatchObject({ general_category_id: 1, category_based_type_ids: [101], category_length_type_id: 11 });
    expect(parseCheckpoint(row!).data[0].questions[0].transcript).toBe(LONG);
  });
});
