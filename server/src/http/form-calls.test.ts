import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const boundary = 'formcallsboundary';
const form = {
  'content-type': `multipart/form-data; boundary=${boundary}`,
};
const formBody = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${boundary}--\r\n`;

describe('multipart forms', () => {
  // @fastify/multipart is registered for the form calls only (http/routes.ts): elsewhere it would hook every
  // request (a 'close' listener, an async onRequest and onResponse) for nothing.
  it('are read by the form calls only: a form sent to a JSON call is an unsupported media type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: form,
      payload: formBody({ email: 'ada@example.com', password: 'correct horse battery staple' }),
    });
    expect([res.statusCode, res.json().code]).toEqual([415, 'unsupported_media_type']);
  });

  it('are still read by a form call', async () => {
    // a guest's photo upload without its book: the form is read and its fields validated (400), not refused as a media type
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploadSessionImage',
      headers: { ...form, 'x-guest-token': 'no-such-guest-token' },
      payload: formBody({ key: 'cover_media_photo' }),
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_input']);
  });
});
