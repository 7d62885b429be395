// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../../test/i18n';
import { countingI18n, renderChapters } from '../../../../test/chapters-harness';
import type { BookMeta } from '../hooks/use-workspace';
import { BookSections } from './book-sections';

/**
 * A closed accordion item's content is not mounted: Radix measures the content it mounts (its Presence reads the
 * computed animation name, its Collapsible the content's size), a forced style recalculation and layout of the page in
 * the commit of the workspace's first render (docs/performance.md, "The workspace's render after its book, in slices").
 */
let en: i18n;
beforeAll(async () => {
  en = await testI18n('en', ['workspace']);
  await countingI18n(['workspace']);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The accordion contents Radix measured: the elements whose size or computed style was read. */
function measured() {
  const seen = new Set<Element>();
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    seen.add(this);
    return new DOMRect();
  });
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    seen.add(element);
    return computed(element, pseudo);
  });
  return () => [...seen].filter((e) => e.getAttribute('role') === 'region');
}

const meta: BookMeta = {
  id: 7,
  book_name: 'My life',
  introduction: '',
  book_summary: '',
  is_payed: true,
  unlockedChapters: [],
  images: [],
  overLimit: false,
  isGuest: false,
  textOrigins: {},
  writingAssistant: false,
};

describe('the workspace’s folded sections and chapters', () => {
  it('mounts no closed section’s content, and shows a section’s text once opened, then folds it again', () => {
    const regions = measured();
    render(
      <I18nextProvider i18n={en}>
        <BookSections
          meta={meta}
          synopsis="Born in Naples, 1950."
          onSynopsis={() => {}}
          saveAttribute={async () => true}
          setMeta={() => {}}
          replaceBookText={() => {}}
        />
      </I18nextProvider>,
    );
    expect(regions(), 'closed contents measured').toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
    const synopsis = screen.getByRole('button', { name: /Synopsis/ });
    expect(synopsis.getAttribute('aria-expanded')).toBe('false');

    act(() => synopsis.click());
    expect(synopsis.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region');
    expect(synopsis.getAttribute('aria-controls')).toBe(region.id);
    expect(region.textContent).toContain('Born in Naples, 1950.');

    act(() => synopsis.click());
    expect(synopsis.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Born in Naples, 1950.')).toBeNull();
    act(() => synopsis.click());
    expect(screen.getByRole('region').textContent).toContain('Born in Naples, 1950.');
  });

  it('mounts the content of the open chapter only', () => {
    const regions = measured();
    renderChapters({ open: [1] });
    expect(regions().map((r) => r.closest('[data-testid]')?.getAttribute('data-testid'))).toEqual(['chapter-1']);
    expect(document.querySelector('[data-testid="chapter-2"] [role=region]')).toBeNull();
    act(() => screen.getByRole('button', { name: /Chapter 2/ }).click());
    expect(document.querySelector('[data-testid="chapter-2"] [role=region]')?.textContent).toContain('The first paragraph.');
  });
});
