import type { Language } from '@common/constants';
import type { SiteLink } from '@common/schemas/site';

/** Every client URL is built here, so a route's path lives in one place. */
export const paths = {
  home: (lng: Language) => `/${lng}`,
  login: (lng: Language) => `/${lng}/login`,
  register: (lng: Language) => `/${lng}/register`,
  forgotPassword: (lng: Language) => `/${lng}/forgot-password`,
  resetPassword: (lng: Language, token?: string) => `/${lng}/reset-password${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  myBooks: (lng: Language) => `/${lng}/my-books`,
  generalCategories: (lng: Language, serviceId: number | string = 1) => `/${lng}/general-categories/${serviceId}`,
  generalCategoryOptions: (lng: Language, serviceId: number | string, categoryId: number | string) =>
    `/${lng}/general-categories-options/${serviceId}/${categoryId}`,
  questions: (lng: Language, sessionId: number | string) => `/${lng}/questions/${sessionId}`,
  payment: (lng: Language) => `/${lng}/payment`,
  subscriptions: (lng: Language) => `/${lng}/subscriptions`,
  manageSubscriptions: (lng: Language) => `/${lng}/manage-subscriptions`,
  profile: (lng: Language) => `/${lng}/profile`,
  giftCard: (lng: Language) => `/${lng}/gift-card`,
  giftCardPayment: (lng: Language) => `/${lng}/gift-card-payment`,
  giftCardForm: (lng: Language) => `/${lng}/gift-card-form`,
  /** Our own (docs/payments.md): where the recipient's e-mail link opens, with the code ready. */
  redeemGift: (lng: Language, code?: string) => `/${lng}/redeem-gift${code ? `?code=${encodeURIComponent(code)}` : ''}`,
  audiobookPayment: (lng: Language) => `/${lng}/audiobook-payment`,
  audiobook: (lng: Language, sessionId: number | string) => `/${lng}/audiobook/${sessionId}`,
  thankYouPurchase: (lng: Language, order?: string) => `/${lng}/thankyou/purchase${order ? `?order=${encodeURIComponent(order)}` : ''}`,
  thankYouRegister: (lng: Language) => `/${lng}/thankyou/register`,
  /** With a book id: "print this book" (the book's own typesetting, no upload). */
  printing: (lng: Language, bookId?: number) => `/${lng}/printing${bookId ? `?book=${bookId}` : ''}`,
  printingPayment: (lng: Language) => `/${lng}/printing-payment`,
  /** The author's family memories of a book: invitations and what relatives wrote (docs/family.md). */
  family: (lng: Language, sessionId: number | string) => `/${lng}/family/${sessionId}`,
  /** The site's own pages (terms, privacy, legal notice, FAQ, how it works, contact). */
  site: (lng: Language, page: SiteLink) => `/${lng}/${page}`,
};
