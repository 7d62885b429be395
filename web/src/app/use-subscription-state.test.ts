import { beforeEach, describe, expect, it, vi } from 'vitest';

const getSuccess = vi.fn();
vi.mock('../lib/api', () => ({ getSuccess: (...args: unknown[]) => getSuccess(...args) }));
vi.mock('./auth', () => ({ useAuth: () => ({ isLoggedIn: false, user: null }) }));

const { fetchUserSubscription, headerSubscriptionState, userSubscriptionQueryKey } = await import('./use-subscription-state');

describe('headerSubscriptionState (spec section 4, header)', () => {
  it('is unsubscribed without data', () => {
    expect(headerSubscriptionState(null)).toBe('unsubscribed');
    expect(headerSubscriptionState(undefined)).toBe('unsubscribed');
    expect(headerSubscriptionState({})).toBe('unsubscribed');
  });

  it('is unsubscribed when a cancel_date is present, whatever else is there', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: '2025-01-01', cancel_request: '2024-12-01' })).toBe('unsubscribed');
  });

  it('is pending_cancellation when a cancel_request is present without cancel_date', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: null, cancel_request: '2024-12-01' })).toBe('pending_cancellation');
  });

  it('is subscribed when only an id is present', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: null, cancel_request: null })).toBe('subscribed');
    expect(headerSubscriptionState({ id: 0, cancel_date: null, cancel_request: null, plan: { name: 'Monthly' } })).toBe('subscribed');
  });

  it('is unsubscribed when the id is missing', () => {
    expect(headerSubscriptionState({ id: null, cancel_date: null, cancel_request: null })).toBe('unsubscribed');
  });
});

describe('fetchUserSubscription', () => {
  beforeEach(() => getSuccess.mockReset());

  it('asks GET /userSubscription quietly and returns the record', async () => {
    getSuccess.mockResolvedValue({ id: 1, cancel_date: null, cancel_request: null });
    await expect(fetchUserSubscription()).resolves.toEqual({ id: 1, cancel_date: null, cancel_request: null });
    expect(getSuccess).toHaveBeenCalledWith('/userSubscription', { quiet: true });
  });

  it('maps an empty success to null', async () => {
    getSuccess.mockResolvedValue(undefined);
    await expect(fetchUserSubscription()).resolves.toBeNull();
  });

  it('keys the query by user', () => {
    expect(userSubscriptionQueryKey(7)).toEqual(['user-subscription', 7]);
    expect(userSubscriptionQueryKey(null)).toEqual(['user-subscription', 'me']);
  });
});
