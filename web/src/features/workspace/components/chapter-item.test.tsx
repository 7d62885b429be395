// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import { answer, countingI18n, renderChapters, rendered } from '../../../../test/chapters-harness';

beforeAll(() => countingI18n(['workspace']));
afterEach(cleanup);

describe('ChapterItem', () => {
  it('typing in chapter 1 re-renders chapter 1 only, not chapter 2', () => {
    const { engine } = renderChapters();
    const before = { row1: rendered('chapter.number#1'), row2: rendered('chapter.number#2'), body2: rendered('chapter.recreate') };
    expect(before.row2).toBeGreaterThan(0);
    expect(before.body2).toBeGreaterThan(0);
    for (const text of ['M', 'My', 'My m', 'My mother']) fireEvent.change(answer(1), { target: { value: text } });
    expect(answer(1).value).toBe('My mother');
    expect(engine.getState().checkpoint.data[0].questions[0].transcript).toBe('My mother');
    expect(rendered('chapter.number#1')).toBeGreaterThan(before.row1);
    expect(rendered('chapter.number#2')).toBe(before.row2);
    expect(rendered('chapter.recreate')).toBe(before.body2);
  });

  it('counts the characters of an answer against the limit', () => {
    renderChapters();
    // chapter 2 has its text: its questions are folded
    expect(screen.getAllByText(`0 / ${ANSWER_MAX_LENGTH}`)).toHaveLength(1);
    fireEvent.change(answer(1), { target: { value: 'Naples, 1950' } });
    expect(screen.getByText(`12 / ${ANSWER_MAX_LENGTH}`)).toBeTruthy();
  });

  it('shows the written text, edits it by hand and saves it to the book', () => {
    const { engine } = renderChapters();
    const block = screen.getByTestId('chapter-text');
    expect(block.textContent).toContain('The first paragraph.');
    expect(block.textContent).toContain('The second paragraph.');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the text' }));
    const editor = screen.getByLabelText('Chapter text') as HTMLTextAreaElement;
    expect(editor.value).toBe('The first paragraph.\n\nThe second paragraph.');
    fireEvent.change(editor, { target: { value: 'A new beginning.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Chapter text')).toBeNull();
    expect(screen.getByTestId('chapter-text').textContent).toBe('A new beginning.');
    const chapter = engine.getState().checkpoint.data[1];
    expect(chapter.generated_content).toBe('A new beginning.');
    expect(chapter.text_origin).toBe('edited');
  });

  it('a locked chapter shows only its title and opens the plans', () => {
    let opened = 0;
    renderChapters({ locked: true, planOpened: () => (opened += 1) });
    expect(screen.queryByTestId('chapter-text')).toBeNull();
    expect(answer(2)).toBeNull();
    const trigger = screen.getByRole('button', { name: /Chapter 2, Chapter name 2: locked/ });
    act(() => trigger.click());
    expect(opened).toBe(1);
  });
});
