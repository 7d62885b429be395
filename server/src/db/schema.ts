import type { Generated } from 'kysely';

/**
 * Table types. Dialect-neutral on purpose: booleans are integers (0/1), dates are ISO-8601 text,
 * JSON is text. Each area adds its tables here next to a migration of its own.
 */
type Id = Generated<number>;
type Bool = number;
type Json = string;

/** Reference rows keep their texts per language: `{"en":{"name":…,"description":…},…}`. */
export interface ServicesTable {
  id: number;
  is_active: Bool;
  sort: number;
  translations: Json;
}
export interface GeneralCategoriesTable {
  id: number;
  service_id: number;
  is_active: Bool;
  sort: number;
  image_key: string;
  translations: Json;
}
export interface ToolsTable {
  id: number;
  icon_key: string;
  forces_one_length: Bool;
  for_new_book: Bool;
  for_existing_book: Bool;
  sort: number;
  translations: Json;
}
export interface PlansTable {
  id: number;
  service_id: number | null;
  kind: string;
  price_cents: number;
  currency: string;
  payed_per: string;
  is_service: Bool;
  is_gift_card: Bool;
  is_active: Bool;
  sort: number;
  /** `{"en":{"name","description","price_description","options":[…]}}` */
  translations: Json;
  /** The characters of audiobook a gift of this plan pays for (0230); null: no audiobook. */
  audiobook_characters: number | null;
}

export interface UsersTable {
  id: Id;
  email: string; // stored lower-case, unique
  password_hash: string | null;
  first_name: string;
  last_name: string;
  city: string;
  is_verified: Bool;
  coupon_code: string | null;
  language: string;
  google_sub: string | null;
  created_at: string;
  updated_at: string;
}
export interface AuthTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  /** Set when refreshToken replaced it: it lives out a short grace but mints no other token. */
  replaced_at: Generated<string | null>;
  /** 1: its session cookie lasts 30 days (remember me); 0: it ends with the browser. */
  remember: Generated<number>;
}

/** Single-use, hashed account tickets: 'reset' (1 h), 'confirm' (24 h), 'registration' (minutes). */
export interface AccountTicketsTable {
  id: Id;
  user_id: number;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A book: the spec's service session. Owned by a user, or by a guest token until linked. */
export interface ServiceSessionsTable {
  id: Id;
  user_id: number | null;
  guest_token_hash: string | null;
  service_id: number;
  general_category_id: number;
  book_name: string;
  is_payed: Bool;
  introduction: string;
  book_summary: string;
  checkpoint_data: Json;
  /** What My Books shows of the checkpoint (books/list-summary.ts), written with it. */
  list_summary: Json;
  /** The book's progress as My Books shows it (books/list-summary.ts), written with the checkpoint. */
  list_progress: Generated<number>;
  language: string;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Key/value counters shared by every node (rate limits, replay stores). */
export interface CountersTable {
  key: string;
  count: number;
  expires_at: number;
}

/** Images of a book (workspace): bytes in storage under sessions/{session_id}/{key}. */
export interface SessionFilesTable {
  session_id: number;
  key: string;
  content_type: string;
  size: number;
  updated_at: string;
}

/** Operator-made coupons (code stored upper-case) and what each unlocked; one redemption per coupon and book. */
export interface CouponsTable {
  id: Id;
  code: string;
  grants: string;
  max_redemptions: number;
  redemptions: number;
  expires_at: string | null;
  is_active: Bool;
  created_at: string;
  updated_at: string;
  /** grants 'percent': the reduction of the price in the payment form (1–100). */
  percent_off: number | null;
}
export interface CouponRedemptionsTable {
  id: Id;
  coupon_id: number;
  service_session_id: number;
  user_id: number | null;
  plan_id: number | null;
  created_at: string;
}

/** Every purchase (payments/orders.ts): created → paid | failed | cancelled | expired once; paid → refunded once. */
export interface OrdersTable {
  id: Id;
  reference: string;
  kind: string;
  status: string;
  provider: string;
  user_id: number | null;
  plan_id: number | null;
  service_session_id: number | null;
  chapter_id: number | null;
  subscription_id: number | null;
  coupon_id: number | null;
  amount_cents: number;
  currency: string;
  tax_rate_bp: number;
  email: string;
  recipient_email: string | null;
  language: string;
  form_token_hash: string | null;
  form_expires_at: string | null;
  transaction_id: string | null;
  payment_method_token: string | null;
  failure: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** The print quote a `printing` order pays (migration 0150). */
  print_quote_id: number | null;
  /** Where a `printing` order's copies go, JSON of a ShippingAddress (migration 0360). */
  shipping_address: string | null;
}
/** A chapter of an unpaid book opened by an extra-chapter order. */
export interface UnlockedChaptersTable {
  service_session_id: number;
  chapter_id: number;
  order_id: number;
  created_at: string;
}
/** A monthly subscription: active until current_period_end; cancel_request = pending cancellation; cancel_date = over. */
export interface SubscriptionsTable {
  id: Id;
  user_id: number;
  plan_id: number;
  provider: string;
  provider_subscription_id: string | null;
  payment_method_token: string | null;
  card_expiry: string | null;
  current_period_end: string;
  cancel_request: string | null;
  cancel_date: string | null;
  created_at: string;
  updated_at: string;
}
/** A gift card bought by an order: redeemed once, before expires_at. */
export interface GiftCardsTable {
  id: Id;
  code: string;
  order_id: number;
  plan_id: number;
  expires_at: string;
  redeemed_at: string | null;
  redeemed_by: number | null;
  redeemed_session_id: number | null;
  voided_at: string | null;
  created_at: string;
}

/** A chapter text the current one replaced (generation/versions.ts); chapter_id is a bigint (timestamp ids). */
export interface TextVersionsTable {
  id: Id;
  session_id: number;
  /** 'chapter', 'introduction' or 'book_summary'. */
  part: Generated<string>;
  /** The chapter's id; 0 for the introduction and the summary. */
  chapter_id: number | string;
  origin: string;
  content: string;
  content_json: string | null;
  created_at: string;
}

export interface Database {
  services: ServicesTable;
  general_categories: GeneralCategoriesTable;
  tools: ToolsTable;
  plans: PlansTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  service_sessions: ServiceSessionsTable;
  counters: CountersTable;
  account_tickets: AccountTicketsTable;
  session_files: SessionFilesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  orders: OrdersTable;
  unlocked_chapters: UnlockedChaptersTable;
  subscriptions: SubscriptionsTable;
  gift_cards: GiftCardsTable;
  text_versions: TextVersionsTable;
  print_quotes: PrintQuotesTable;
  print_orders: PrintOrdersTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  audiobooks: AudiobooksTable;
  voice_models: VoiceModelsTable;
  family_invitations: FamilyInvitationsTable;
  family_contributions: FamilyContributionsTable;
}

/** One priced typesetting of a document or a book for printing (issue 14). */
export interface PrintQuotesTable {
  id: Id;
  reference: string;
  user_id: number;
  service_session_id: number | null;
  file_hash: string;
  title: string;
  author: string;
  content_pages: number;
  page_count: number;
  copies: number;
  amount_cents: number;
  currency: string;
  interior_key: string;
  expires_at: string;
  created_at: string;
}
/** A paid print order as the printer receives it, and its status. */
export interface PrintOrdersTable {
  id: Id;
  order_id: number;
  quote_id: number;
  user_id: number | null;
  recipient_name: string;
  address: string;
  postal_code: string;
  city: string;
  country: string;
  phone: string;
  interior_key: string;
  cover_key: string;
  status: string;
  provider: string;
  provider_job_id: string | null;
  provider_status: string | null;
  created_at: string;
  updated_at: string;
}

/** A message kept until the `mail` job delivers it (providers/mail/queued.ts). */
export interface MailOutboxTable {
  id: Id;
  message_json: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A background task (jobs/queue.ts): queued → running (leased) → done | failed. */
export interface JobsTable {
  id: Id;
  kind: string;
  ref_id: number;
  state: string;
  attempts: number;
  lease_until: string | null;
  /** A job to be tried again after a failure waits until then. */
  run_after: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
/** One paid reading of a book (audiobook/service.ts): paid → queued → running → done | failed. */
export interface AudiobooksTable {
  id: Id;
  service_session_id: number;
  user_id: number | null;
  order_id: number | null;
  characters: number;
  state: string;
  progress: number;
  voice: string;
  language: string;
  files_json: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The voice model that reads it (0210); null: the offline voice at its own pitch and pace. */
  voice_model_id: number | null;
  /** JSON array of the sha-256 of each section's text as it was read (0210). */
  chapter_hashes: string | null;
  /** The redeemed gift card that paid for it (0230), alone or with an order for the characters beyond its grant. */
  gift_card_id: number | null;
}
/** A voice made from an author's sample (0210): cloned at a provider, or the offline voice's matched pitch and pace. */
export interface VoiceModelsTable {
  id: Id;
  user_id: number;
  service_session_id: number | null;
  provider: string;
  provider_voice_id: string | null;
  language: string;
  pitch: number;
  speed: number;
  created_at: string;
}

/** A relative's link to one book, one chapter and chosen questions (issue 19). */
export interface FamilyInvitationsTable {
  id: Id;
  service_session_id: number;
  token_hash: string;
  token: string;
  contributor_name: string;
  relation: string;
  email: string | null;
  language: string;
  message: string;
  /** 'answer': answer the questions (or add memories to the chapter); 'read': only read the chapter. */
  permission: string;
  chapter_id: number;
  /** JSON list of question ids; empty: memories for the whole chapter. */
  question_ids: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  /** 1: named on the book's contributors' page (the default); 0: the author left them off it. */
  credited: Generated<number>;
}

/** What a relative wrote: pending until the author accepts, quotes or dismisses it. */
export interface FamilyContributionsTable {
  id: Id;
  invitation_id: number;
  service_session_id: number;
  chapter_id: number;
  /** null: a memory for the chapter as a whole. */
  question_id: number | null;
  text: string;
  /** The author's edit of the text, used instead of it when set. */
  author_text: string | null;
  photo_key: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}
