// @vitest-environment jsdom
import net from 'node:net';
import type { ReactNode } from 'react';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../../../server/test/helpers';
import { requestsTo } from '../../../../../server/test/requests';
import { createPaymentsContext } from '../../../../../server/src/payments/checkout';
import { runDueSubscriptions } from '../../../../../server/src/subscriptions/renewals';
import { startApiServer } from '../../../../test/api-server';
import { browserSignedInAs, endBrowserSession } from '../../../../test/browser-session';
import { AuthProvider } from '../../../app/auth';
import { useRefreshSubscription } from './subscription';
import { useSubscriptionState } from './use-subscription-state';

/**
 * The header's subscription hook against the real server: subscriptions made, cancelled and lapsed
 * through the server's own calls (the sandbox card payment, cancelSubscription, the renewal clock).
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

function renderSubscriptionState() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useSubscriptionState(), { wrapper });
}

async function subscribe(user: TestUser) {
  const form = (await post('/api/createSubscriptionPaymentForm', {}, user)).json().success;
  await post('/api/sandboxPay', { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' });
  expect((await get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, user)).statusCode).toBe(200);
}
async function cancel(user: TestUser) {
  expect((await post('/api/cancelSubscription', {}, user)).statusCode).toBe(200);
}
/** The renewal clock run just after the paid month ends: a cancelled subscription lapses. */
async function endOfPaidMonth(user: TestUser) {
  const { current_period_end } = (await get('/api/subscriptionDetails', user)).json().success;
  const after = new Date(new Date(current_period_end).getTime() + 1000);
  await runDueSubscriptions({ ...createPaymentsContext(api.app.ctx, api.app.log), now: () => after });
}

/** The hook's answer once it has settled (the startup refresh re-asks under the user's id). */
const settled = { timeout: 10_000 };

describe('useSubscriptionState (GET /api/userSubscription, read as the header does)', () => {
  it('subscribed: a paid monthly subscription', async () => {
    const user = await createUser(api.app);
    await subscribe(user);
    browserSignedInAs(user);
    const { result } = renderSubscriptionState();
    await waitFor(
      () =>
        expect(result.current).toMatchObject({
          state: 'subscribed',
          isLoading: false,
          subscription: { cancel_request: null, cancel_date: null, plan: { name: 'Unlimited writing' } },
        }),
      settled,
    );
  });

  it('pending cancellation: cancelled, the paid month still running', async () => {
    const user = await createUser(api.app);
    await subscribe(user);
    await cancel(user);
    browserSignedInAs(user);
    const { result } = renderSubscriptionState();
    await waitFor(() => {
      expect(result.current).toMatchObject({ state: 'pending_cancellation', isLoading: false, subscription: { cancel_date: null } });
      expect(result.current.subscription?.cancel_request).toBeTruthy();
    }, settled);
  });

  it('after subscribing with the profile menu closed, the menu opens on the new state (the refresh reads unshown queries too)', async () => {
    const user = await createUser(api.app);
    browserSignedInAs(user);
    let refresh: () => Promise<void> = async () => undefined;
    function Menu() {
      return <p data-testid="menu-state">{useSubscriptionState().state}</p>;
    }
    function Header({ menuOpen }: { menuOpen: boolean }) {
      refresh = useRefreshSubscription();
      return menuOpen ? <Menu /> : null;
    }
    const client = new QueryClient();
    const page = (menuOpen: boolean) => (
      <QueryClientProvider client={client}>
        <AuthProvider>
          <Header menuOpen={menuOpen} />
        </AuthProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(page(true));
    // read under the user's id once the startup refresh has named them (as the header does on a page)
    await waitFor(() => expect(client.getQueryState(['subscription', 'user', user.id])?.status).toBe('success'), settled);
    expect(screen.getByTestId('menu-state').textContent).toBe('unsubscribed');
    rerender(page(false));
    await subscribe(user);
    await refresh();
    rerender(page(true));
    expect(screen.getByTestId('menu-state').textContent).toBe('subscribed');
  });

  it('unsubscribed: never subscribed (the server answers null)', async () => {
    const user = await createUser(api.app);
    browserSignedInAs(user);
    const { result } = renderSubscriptionState();
    await waitFor(() => expect(result.current).toEqual({ state: 'unsubscribed', subscription: null, isLoading: false }), settled);
  });

  it('unsubscribed: cancelled and lapsed at the end of the paid month (the record kept, with its cancel date)', async () => {
    const user = await createUser(api.app);
    await subscribe(user);
    await cancel(user);
    await endOfPaidMonth(user);
    browserSignedInAs(user);
    const { result } = renderSubscriptionState();
    await waitFor(() => {
      expect(result.current).toMatchObject({ state: 'unsubscribed', isLoading: false });
      expect(result.current.subscription?.cancel_date).toBeTruthy();
    }, settled);
  });

  it('unsubscribed, not loading: the server is not reached', async () => {
    const user = await createUser(api.app);
    await subscribe(user);
    browserSignedInAs(user);
    vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${await closedPort()}`);
    try {
      const { result } = renderSubscriptionState();
      expect(result.current.isLoading).toBe(true);
      await waitFor(() => expect(result.current).toEqual({ state: 'unsubscribed', subscription: null, isLoading: false }), settled);
    } finally {
      vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(api.app.server.address() as net.AddressInfo).port}`);
    }
  });

  it('signed out: unsubscribed, nothing loading', async () => {
    const user = await createUser(api.app);
    await subscribe(user);
    const { result } = renderSubscriptionState();
    expect(result.current).toEqual({ state: 'unsubscribed', subscription: null, isLoading: false });
  });
});

/** A port on 127.0.0.1 nobody listens on: a call there fails as an unreachable server does. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
