// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../components/toasts';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

describe('toast: asked for before the toasts container has arrived (it is not in the first load)', () => {
  it('keeps an update and a dismissal asked for before the container, even once react-toastify itself has loaded', async () => {
    // a download started at once: its toast is updated before any container could show it
    toast.loading('Preparing the book…', { toastId: 'download' });
    toast.update('download', { render: 'The book is ready.', type: 'success', isLoading: false });
    toast.error('Gone soon', { toastId: 'gone' });
    toast.dismiss('gone');
    // react-toastify arrives before its container is mounted (they are separate chunks)
    await import('react-toastify');
    await act(async () => {});

    render(<Toasts />);
    expect(await screen.findByText('The book is ready.')).toBeTruthy();
    expect(screen.queryByText('Preparing the book…')).toBeNull();
    expect(toast.isActive('download')).toBe(true);
    expect(toast.isActive('gone')).toBe(false);
  });

  it('answers the id at once, then shows the toasts in order once the container is there', async () => {
    const first = toast.error('The server did not answer.');
    toast.error('The server did not answer.');
    const chosen = toast.success('Saved', { toastId: 'save' });
    expect([first, chosen]).toEqual(['The server did not answer.', 'save']);
    expect(toast.isActive('save')).toBe(true);

    render(<Toasts />);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getAllByText('The server did not answer.')).toHaveLength(1);
  });
});
