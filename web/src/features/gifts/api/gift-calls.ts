import { useQuery } from '@tanstack/react-query';
import { giftsApi } from '@common/api/payments';
import type { Language } from '@common/constants';
import { call } from '../../../lib/api';

/** GET /api/getPlansForGift: the gift plans, in the page's language. */
export function useGiftPlans(lng: Language) {
  return useQuery({ queryKey: ['gift-plans', lng], queryFn: () => call(giftsApi.getPlansForGift, {}) });
}

/** Navigation state through /gift-card → /gift-card-payment → /gift-card-form (spec section 2). */
export interface GiftState {
  plan_id?: number;
  /** The recipient. */
  email?: string;
  /** A visitor's own address, for the receipt (a signed-in buyer's account address is used). */
  buyer_email?: string;
}
