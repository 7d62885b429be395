// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toasts } from '../components/toasts';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

/** Shows the toasts in order; once `last` is on screen, every toast shown before it is too. */
async function showThen(last: string, show: () => void) {
  render(<Toasts />);
  act(() => {
    show();
    toast.info(last);
  });
  await screen.findByText(last);
}

describe('toast: the same message is never toasted twice', () => {
  it('shows one toast for the same error given twice, of whatever kind', async () => {
    await showThen('done', () => {
      toast.error('The server did not answer.');
      toast.error('The server did not answer.');
      toast.warning('The server did not answer.');
    });
    expect(screen.getAllByText('The server did not answer.')).toHaveLength(1);
  });

  it('still shows two different messages, and keeps a key the caller chose', async () => {
    await showThen('done', () => {
      toast.error('Please answer a question.');
      toast.error('The title is missing.');
      toast.success('Saved', { toastId: 'first' });
      toast.success('Saved again', { toastId: 'first' });
    });
    expect(screen.getByText('Please answer a question.')).toBeTruthy();
    expect(screen.getByText('The title is missing.')).toBeTruthy();
    expect(screen.queryByText('Saved again')).toBeNull();
  });
});
