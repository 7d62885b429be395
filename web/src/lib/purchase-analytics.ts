/**
 * Purchase and failure events pushed to `window.dataLayer` only (a tag manager the operator may
 * add reads them); Plume sends nothing anywhere itself. Item categories follow the spec.
 */
export type PurchaseCategory = 'Book' | 'Subscription' | 'Add Chapter' | 'Gift Card' | 'Printing' | 'Audiobook';

export function pushPurchaseEvent(input: {
  category: PurchaseCategory;
  orderId: string;
  name: string;
  value: number;
  currency: string;
  tax: number;
}): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({
    event: 'purchase',
    ecommerce: {
      transaction_id: input.orderId,
      value: input.value,
      tax: input.tax,
      currency: input.currency,
      items: [{ item_name: input.name, item_category: input.category, price: input.value, quantity: 1 }],
    },
  });
}

export function pushPaymentFailureEvent(category: PurchaseCategory, reason: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'payment_failed', item_category: category, reason });
}
