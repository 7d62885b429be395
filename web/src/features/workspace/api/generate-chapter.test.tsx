// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Toasts } from '../../../components/toasts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCheckpoint } from '../../../../../server/test/helpers';
import { toast } from '../../../lib/toast';
import { testI18n } from '../../../../test/i18n';
import { GenerationError, generateChapter } from './generate-chapter';

/**
 * A server without the streaming route (404), whose plain getStoryAnswer fails: the stand-in answers
 * as ours does, `{error, code}` with the status.
 */
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const [status, body] =
      request.url === '/api/getStoryAnswer'
        ? [503, { error: 'The writing service is busy. Please try again in a minute.', code: 'generation.unavailable' }]
        : [404, { error: 'Not found', code: 'not_found' }];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  cleanup();
  await new Promise((resolve) => server.close(resolve));
});

describe('generateChapter without the streaming route', () => {
  it('falls back to getStoryAnswer and hands its failure to the chapter as a GenerationError, without a toast of its own', async () => {
    render(
      <I18nextProvider i18n={await testI18n('en', [])}>
        <Toasts />
      </I18nextProvider>,
    );
    const chapter = buildCheckpoint(1).data[0];
    const failure = await generateChapter({
      sessionId: 1,
      chapter,
      index: 0,
      isPayed: true,
      selectedSurveyQuestions: [],
      onDelta: () => undefined,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenerationError);
    expect(failure).toMatchObject({
      message: 'The writing service is busy. Please try again in a minute.',
      code: 'generation.unavailable',
    });
    // toasts show in order: once this one is on screen, any toast the call made would be too
    act(() => void toast.info('marker'));
    await screen.findByText('marker');
    expect(screen.queryByText('The writing service is busy. Please try again in a minute.')).toBeNull();
  });
});
