import { describe, expect, it } from 'vitest';
import { headerSubscriptionState, manageSubscriptionState } from './subscription-state';

const plan = { id: 2, name: 'Unlimited writing' };

describe('headerSubscriptionState (spec section 4, header)', () => {
  it('is unsubscribed without data', () => {
    expect(headerSubscriptionState(null)).toBe('unsubscribed');
    expect(headerSubscriptionState(undefined)).toBe('unsubscribed');
  });

  it('is unsubscribed when a cancel_date is present, whatever else is there', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: '2025-01-01', cancel_request: '2024-12-01', plan })).toBe('unsubscribed');
  });

  it('is pending_cancellation when a cancel_request is present without cancel_date', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: null, cancel_request: '2024-12-01', plan })).toBe('pending_cancellation');
  });

  it('is subscribed when only an id is present', () => {
    expect(headerSubscriptionState({ id: 3, cancel_date: null, cancel_request: null, plan })).toBe('subscribed');
  });
});

describe('manageSubscriptionState (spec section 4, manage-subscriptions)', () => {
  it('is unsubscribed without a record or with a cancel_date', () => {
    expect(manageSubscriptionState(null)).toBe('unsubscribed');
    expect(manageSubscriptionState({ cancel_date: '2025-01-01', cancel_request: '2024-12-01' })).toBe('unsubscribed');
  });

  it('is pending_cancellation with a cancel_request and no cancel_date', () => {
    expect(manageSubscriptionState({ cancel_date: null, cancel_request: '2024-12-01' })).toBe('pending_cancellation');
  });

  it('is subscribed otherwise', () => {
    expect(manageSubscriptionState({ cancel_date: null, cancel_request: null })).toBe('subscribed');
  });
});
