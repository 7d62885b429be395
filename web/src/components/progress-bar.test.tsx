// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('is a named progressbar whose value and filled width agree, kept within 0–100', () => {
    render(
      <>
        <ProgressBar value={42.6} label="Your book’s progress" tone="success" />
        <ProgressBar value={130} label="Audiobook progress" />
        <ProgressBar value={-5} label="Nothing yet" />
      </>,
    );
    const value = (name: string) => {
      const bar = screen.getByRole('progressbar', { name });
      return [bar.getAttribute('aria-valuenow'), (bar.firstElementChild as HTMLElement).style.width];
    };
    expect(value('Your book’s progress')).toEqual(['43', '43%']);
    expect(value('Audiobook progress')).toEqual(['100', '100%']);
    expect(value('Nothing yet')).toEqual(['0', '0%']);
  });
});
