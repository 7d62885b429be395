// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Contribution } from '@common/schemas/family';
import { QuestionContributions } from '../../features/family/components/question-contributions';
import { answer, countingI18n, noSlots, renderChapters, rendered } from '../../../test/chapters-harness';

/** The workspace with the family's slot, as the route composes it (issue 19 item 3). */
beforeAll(() => countingI18n(['workspace', 'family']));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const memory = (id: number, fields: Partial<Contribution>): Contribution => ({
  id,
  invitation_id: 3,
  contributor_name: 'Marie',
  relation: 'my sister',
  chapter_id: 1,
  question_id: 10,
  text: 'The flood came up to the second step.',
  original_text: 'The flood came up to the second step.',
  has_photo: false,
  status: 'pending',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

/** A signed-in author's book 7 whose family memories are already fetched. */
function setup(contributions: Contribution[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['family-contributions', 7], contributions);
  return renderChapters({ slots: { ...noSlots, QuestionContributions }, isLoggedIn: true, queryClient });
}

describe('family memories in the workspace (issue 19 item 3)', () => {
  const question = (id: number) => screen.getByTestId(`question-${id}`);

  it('shows each memory under the question it answers, with the name and relation; set-aside ones stay on the family page', () => {
    // chapter 2's questions are folded (it has its text); chapter 1 holds a memory of question 10 and one set aside
    setup([memory(1, {}), memory(2, { text: 'Nothing to keep.', status: 'dismissed' })]);
    const card = question(10);
    expect(card.textContent).toContain('As Marie, my sister, remembers it');
    expect(card.textContent).toContain('The flood came up to the second step.');
    expect(card.textContent).not.toContain('Nothing to keep.');
    expect(screen.getByRole('region', { name: '1 memory from your family' })).toBeTruthy();
  });

  it('a memory of the whole chapter sits under its questions, not under one of them', () => {
    setup([memory(4, { question_id: null, text: 'Our father sang in the boat.' })]);
    expect(question(10).textContent).not.toContain('Our father sang in the boat.');
    expect(screen.getByText('Our father sang in the boat.')).toBeTruthy();
  });

  it('typing an answer does not render the memories again', () => {
    setup([memory(1, {})]);
    const before = rendered('memories.as_remembered');
    expect(before).toBeGreaterThan(0);
    for (const text of ['M', 'My', 'My m', 'My mother']) fireEvent.change(answer(1), { target: { value: text } });
    expect(answer(1).value).toBe('My mother');
    expect(rendered('memories.as_remembered')).toBe(before);
  });

  it('accepting sends the decision for this book and shows the new state', async () => {
    const sent: { url: string; body: unknown }[] = [];
    let status: Contribution['status'] = 'pending';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: init.body ? JSON.parse(init.body as string) : null });
        if (url.includes('/decideFamilyContribution')) status = 'accepted';
        const success = url.includes('/decideFamilyContribution') ? memory(1, { status }) : [memory(1, { status })];
        return new Response(JSON.stringify({ success }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    setup([memory(1, {})]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted: the next writing of the chapter uses it.')).toBeTruthy();
    expect(sent[0]).toEqual({
      url: '/api/decideFamilyContribution',
      body: { service_session_id: 7, contribution_id: 1, status: 'accepted' },
    });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
