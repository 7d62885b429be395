// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../../../server/test/helpers';
import { requestsTo } from '../../../../../server/test/requests';
import { startApiServer } from '../../../../test/api-server';
import { browserSignedInAs, endBrowserSession } from '../../../../test/browser-session';
import { testI18n } from '../../../../test/i18n';
import { AuthProvider, useAuth } from '../../../app/auth';
import { contentShown } from '../../../lib/page-shown';
import { ManageSubscriptionsPage } from './manage-subscriptions-page';

/**
 * The page opened by its address, against the real server: it reads the subscription at once, and the startup
 * refresh names the user only once the page is on screen (lib/page-shown.ts), which reads it again under their id.
 */
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
const { post, get } = requestsTo(() => api.app);

afterEach(() => {
  cleanup();
  endBrowserSession();
});

it('a cancel dialog opened before the startup refresh has named the user stays open once it has', async () => {
  const user = await createUser(api.app);
  const form = (await post('/api/createSubscriptionPaymentForm', {}, user)).json().success;
  await post('/api/sandboxPay', { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' });
  expect((await get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, user)).statusCode).toBe(200);
  browserSignedInAs(user);
  const en = await testI18n('en', ['subscriptions']);
  function SignedInAs() {
    return <p data-testid="user">{useAuth().user?.id ?? 'unknown'}</p>;
  }
  const client = new QueryClient();
  render(
    <I18nextProvider i18n={en}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/en/manage-subscriptions']}>
            <SignedInAs />
            <ManageSubscriptionsPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('dialog', { name: 'Cancel your subscription?' })).toBeTruthy();
  expect(screen.getByTestId('user').textContent).toBe('unknown');

  contentShown();
  await waitFor(() => expect(screen.getByTestId('user').textContent).toBe(String(user.id)), { timeout: 10_000 });
  // read again under the user's id, the screen and its dialog stay
  await waitFor(() => expect(screen.getAllByText(/^Renews automatically on /)).toHaveLength(1));
  expect(screen.getByRole('dialog', { name: 'Cancel your subscription?' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'No, keep it' })).toBeTruthy();
  // the page's reads end with the test (a connection left busy would hold the server's close)
  await waitFor(() => expect(client.isFetching()).toBe(0));
});
