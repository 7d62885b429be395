import type { Page } from '@playwright/test';

/**
 * Collects what the browser reports as errors (console.error and uncaught exceptions) while a test
 * runs. `allow` filters out expected noise, e.g. the resource error of a request the test makes fail.
 */
export function collectConsoleErrors(page: Page, allow: Array<string | RegExp> = []) {
  const errors: string[] = [];
  const allowed = (text: string) => allow.some((pattern) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location();
    const text = `${message.text()}${location.url ? ` (${location.url})` : ''}`;
    if (!allowed(text)) errors.push(text);
  });
  page.on('pageerror', (error) => {
    const text = `uncaught: ${error.message}`;
    if (!allowed(text)) errors.push(text);
  });
  return {
    errors,
    /** Empties the list (e.g. after a step that is expected to log). */
    clear: () => errors.splice(0, errors.length),
  };
}
