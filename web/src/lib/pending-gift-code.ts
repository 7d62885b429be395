const PENDING_GIFT_KEY = 'plume_pending_gift_code';

/**
 * A gift code that arrived by the recipient's e-mail link, kept in this browser until it is used:
 * signing up or writing a first book on the way does not lose it, and the plan modal's coupon box
 * is prefilled with it.
 */
export const pendingGiftCode = {
  read: (): string | null => {
    try {
      return localStorage.getItem(PENDING_GIFT_KEY);
    } catch {
      return null;
    }
  },
  write: (code: string | null) => {
    try {
      if (code) localStorage.setItem(PENDING_GIFT_KEY, code);
      else localStorage.removeItem(PENDING_GIFT_KEY);
    } catch {
      // private mode: the code stays in the link
    }
  },
};
