// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

describe('toast: asked for before react-toastify has arrived (it is not in the first load)', () => {
  it('answers the id at once, then shows the toasts in order once the library and the container are there', async () => {
    // nothing has loaded react-toastify yet in this file: these calls wait for it
    const first = toast.error('The server did not answer.');
    toast.error('The server did not answer.');
    const chosen = toast.success('Saved', { toastId: 'save' });
    expect([first, chosen]).toEqual(['The server did not answer.', 'save']);
    expect(toast.isActive('save')).toBe(true);

    render(<ToastContainer autoClose={false} />);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getAllByText('The server did not answer.')).toHaveLength(1);
  });
});
