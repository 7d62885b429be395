// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loader } from '../components/loader';
import { renderPage } from '../../test/render-page';
import { pageOf } from './page';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** A promise and its resolve, to say when a page's chunk "arrives". */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Event-loop turns (React's scheduler runs on setImmediate / MessageChannel here, not on timers) until `done` or `turns`. */
async function turns(done: () => boolean, count = 50) {
  for (let i = 0; i < count && !done(); i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('page: the first page of a visit', () => {
  it("shows itself as soon as its chunk and texts have arrived, without waiting on a timer: React's Suspense throttling does not hold it behind the loader", async () => {
    // React takes its timers as react-dom loads: faked before, a commit React puts off (its 300 ms throttling) never comes
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const chunk = held<Record<string, ComponentType>>();
    const texts = held<void>();
    const LoginPage = pageOf(() => texts.promise)(() => chunk.promise, 'LoginPage', ['auth']);
    void LoginPage.preload({});

    // as the router renders a page (app/router.tsx, LanguageRoot)
    const container = await renderPage(LoginPage, <Loader fillsScreen />);
    await turns(() => container.querySelector('[role=status]') !== null);
    expect(container.querySelector('[role=status]'), 'the loader').not.toBeNull();

    chunk.resolve({ LoginPage: () => <h1>Welcome back</h1> });
    await turns(() => false, 5);
    expect(container.textContent, 'still waiting for its texts').not.toContain('Welcome back');
    texts.resolve();
    await turns(() => container.textContent?.includes('Welcome back') ?? false);
    expect(container.textContent).toContain('Welcome back');
    expect(container.querySelector('[role=status]')).toBeNull();
  });

  it('renders at once, without suspending, once its chunk has arrived (a later visit to it)', async () => {
    const OptionsPage = pageOf(async () => undefined)(async () => ({ OptionsPage: () => <h1>Your new book</h1> }), 'OptionsPage');
    await OptionsPage.preload({});

    const container = await renderPage(OptionsPage, <p>fallback</p>);
    await turns(() => container.textContent !== '');
    expect(container.textContent).toBe('Your new book');
  });
});
