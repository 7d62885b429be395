// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation } from '@common/schemas/family';
import { testI18n } from '../../../../test/i18n';
import { InvitationList } from './invitation-list';

let fr: i18n;
beforeAll(async () => {
  fr = await testI18n('fr', ['family']);
});
afterEach(cleanup);

const marie: Invitation = {
  id: 7,
  url: 'http://localhost:8000/fr/contribute#token',
  contributor_name: 'Marie',
  relation: 'ma sœur',
  email: null,
  language: 'fr',
  message: '',
  permission: 'answer',
  chapter_id: 1,
  question_ids: [1],
  expires_at: '2030-01-01T00:00:00.000Z',
  state: 'active',
  contributions: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  credited: true,
};

describe('InvitationList › naming a relative on the contributors’ page', () => {
  it('shows the new choice from the click on, while it is saved; a save that fails shows the saved choice again', async () => {
    // no API server answers here: the save fails
    render(
      <I18nextProvider i18n={fr}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
          <InvitationList bookId={3} invitations={[marie]} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: fr.t('links.credited', { ns: 'family', name: 'Marie' }) });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    // in the click's own render, not a task later (the controlled box showed the old choice until the mutation's state came)
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(true);
  });
});
