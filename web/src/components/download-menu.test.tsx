// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { testI18n } from '../../test/i18n';
import { DownloadMenu } from './download-menu';

beforeAll(() => {
  // jsdom has no PointerEvent: without one a pointerdown carries no button, and neither the look-alike nor Radix takes it as a press
  window.PointerEvent ??= class extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  } as typeof PointerEvent;
});
afterEach(cleanup);

it('a press on the look-alike button opens the menu as its code arrives, even if the click that follows it is lost', async () => {
  const en = await testI18n('en', ['preview']);
  render(
    <I18nextProvider i18n={en}>
      <DownloadMenu busy={false} onChoose={() => undefined} />
    </I18nextProvider>,
  );
  // the press brings the menu's code; the real trigger takes the pressed button's place before any click
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Download' }), { button: 0, pointerType: 'mouse' });
  expect(await screen.findByRole('menuitem', { name: /^PDF/ })).toBeTruthy();
});
