// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiobookApi } from '@common/api/audiobook';
import { ApiError, call } from '../../lib/api';
import { startApiServer } from '../../../test/api-server';
import { generationFailureKey, setupFailureKey } from './audiobook-errors';

/** The audiobook flow's error toasts (spec section 8, issue 13 item 3): each failure shows its own text. */
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the audiobook payment page’s error toasts', () => {
  it('a refused generateAudiobook is "audiobook generation failed"; a server not reached is "generate audiobook call failed"', async () => {
    const refused = await failureOf(call(audiobookApi.generateAudiobook, { body: { service_session_id: 1 } }, { quiet: true }));
    expect(refused).toBeInstanceOf(ApiError);
    expect(generationFailureKey(refused)).toBe('errors.generation_failed');

    await api.app.close(); // the server goes away
    const unreached = await failureOf(call(audiobookApi.generateAudiobook, { body: { service_session_id: 1 } }, { quiet: true }));
    expect((unreached as ApiError).status).toBeNull();
    expect(generationFailureKey(unreached)).toBe('errors.generate_call_failed');
  });

  it('a refused quota or form is "payment form setup failed"; anything else "payment setup unknown error"', () => {
    expect(setupFailureKey(new ApiError(409, 'audiobook.price_changed', 'The price changed.'))).toBe('errors.form_setup_failed');
    expect(setupFailureKey(new TypeError('x is undefined'))).toBe('errors.setup_unknown');
  });
});
