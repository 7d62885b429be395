// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toasts } from '../../components/toasts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LYRA_TEST, startLyraStandIn } from '../../../../server/test/stand-ins/lyra';
import { startApiServer } from '../../../test/api-server';
import { testI18n } from '../../../test/i18n';
import { Checkout } from '../../components/checkout/checkout';
import { audiobookFormError } from './audiobook-errors';

/**
 * 'payment form error' (spec section 8, issue 13 item 3): the server says Lyra, and Lyra's card form
 * reports an error (here its loader refuses the static domain, which has a port) — the audiobook's
 * handler shows the toast. The real server (Lyra configured against its stand-in) answers paymentSettings.
 */
let api: Awaited<ReturnType<typeof startApiServer>>;
let lyra: Awaited<ReturnType<typeof startLyraStandIn>>;
let fr: i18n;
beforeAll(async () => {
  lyra = await startLyraStandIn();
  api = await startApiServer({
    LYRA_SHOP_ID: LYRA_TEST.shopId,
    LYRA_PASSWORD: LYRA_TEST.password,
    LYRA_PUBLIC_KEY: LYRA_TEST.publicKey,
    LYRA_HMAC_KEY: LYRA_TEST.hmacKey,
    LYRA_API_URL: lyra.origin,
    LYRA_STATIC_URL: 'https://static.lyra.example:8443/',
  });
  fr = await testI18n('fr', ['audiobook', 'payments']);
});
afterAll(async () => {
  await api.close();
  await lyra.close();
});
afterEach(cleanup);

describe('the audiobook checkout', () => {
  it('shows "payment form error" when the card form reports an error', async () => {
    const form = { formToken: 'token', order_id: 'ORD1', orderId: 'ORD1', amount: 1234, currency: 'EUR' };
    render(
      <I18nextProvider i18n={fr}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/fr/audiobook-payment']}>
            <Toasts />
            <Checkout
              formKey="audiobook-1"
              createForm={async () => form}
              category="Audiobook"
              onPaid={async () => undefined}
              onFormError={() => audiobookFormError(fr.t('errors.form_error', { ns: 'audiobook' }))}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText(fr.t('errors.form_error', { ns: 'audiobook' }))).toBeTruthy();
    expect(screen.getByText(fr.t('lyra.domain_invalid', { ns: 'payments' }))).toBeTruthy();
  });
});
