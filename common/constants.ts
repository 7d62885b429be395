/** Business constants of the specification, section 9. One place for both sides. */
export const LANGUAGES = ['en', 'fr', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** `/` and unknown paths land on the story choice in this language when nothing says which (spec section 2). */
export const ARRIVAL_DEFAULT_LANGUAGE: Language = 'fr';

export const COOKIE_LIFETIME_MS = 2_592_000_000;
export const HTTP_TIMEOUT_MS = 3_600_000;
export const TOAST_AUTO_CLOSE_MS = 4000;
export const POST_LOGIN_REDIRECT_DELAY_MS = 300;
export const CREDENTIALS_IV_BYTES = 12;
export const STICKY_HEADER_OFFSET_PX = 100;
/** i18next's reads: as many at once as a page needs (2 languages × the workspace's 8 namespaces), gathered in one request (web/src/lib/i18n.ts). */
export const TRANSLATION_LOADING = { parallelReads: 32, retries: 5, firstDelayMs: 350 } as const;
export const PAYMENT_LIBRARY_POLL_MS = 150;
export const ANSWER_MAX_LENGTH = 2500;
/** Characters of one chapter's text: what a save accepts, what the writing keeps, what a read shows. */
export const CHAPTER_TEXT_MAX_LENGTH = 200_000;
export const RECORDING_LIMIT_SECONDS = 120;
export const MAX_IMAGE_BYTES = 307_200;
export const CHAPTER_PHOTO_SLOTS = 2;
export const SESSION_SAVE_DEBOUNCE_MS = 100;
export const PAYMENT_MODAL_WIDTH = { mobile: 1000, desktop: 700 } as const;
export const EXTRA_CHAPTER_PRICE = 4.99;
export const WAITING_SCREEN_NOTE_AFTER_SECONDS = 180;
export const FIRST_FREE_CHAPTER_INDEX = 0;
export const NEW_BOOK_TOOL_ID = 1;
export const DEFAULT_COVER_TEXT = 'autobiography';
export const SUBMITTED_AT_TIME_ZONE = 'Europe/London';
export const DESCRIPTION_MIN_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const PRINTING_MIN_COPIES = 5;
export const DEFAULT_CURRENCY = 'EUR';
export const REDIRECT_DELAY_AFTER_SUBSCRIPTION_MS = 1000;
export const REDIRECT_DELAY_AFTER_PRINTING_MS = 3000;
export const DOWNLOAD_URL_REVOKE_MS = 40_000;
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;
export const ANALYTICS_ITEM_CATEGORIES = ['Subscription', 'Add Chapter', 'Gift Card', 'Printing', 'Audiobook'] as const;
export const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;

/** Book type codes of spec section 3: 1 and 4 autobiography, 2 another_story, 3 self_development. */
export const BOOK_TYPES = { 1: 'autobiography', 2: 'another_story', 3: 'self_development', 4: 'autobiography' } as const;
export type BookType = (typeof BOOK_TYPES)[keyof typeof BOOK_TYPES];
export const DEFAULT_SERVICE_ID = 1;
