import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A flag from the environment (`true`/`1`), or already a boolean (tests pass overrides). */
const bool = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
]);
/**
 * How many proxies in front of the server add the address they saw to X-Forwarded-For: `true` is one (a reverse proxy
 * or a load balancer), a number more (a CDN in front of a load balancer: 2), `false` or unset none. Only theirs are
 * trusted: what the client itself put in the header names no address.
 */
const proxyHops = z
  .union([z.boolean(), z.enum(['true', 'false', '']), z.coerce.number().int().min(0).max(10)])
  .optional()
  .transform((v) => (v === true || v === 'true' ? 1 : typeof v === 'number' ? v : 0));
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Every environment variable Plume reads, with its default. `.env.example` documents them;
 * a bad value stops the start with a message naming the variable.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.string().default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().default('0.0.0.0'),
    /** Address users reach (links in e-mails); unset, it is derived from HOST and PORT. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    /** Where the built SPA is read from (each parallel e2e run may build its own copy). */
    WEB_DIST_DIR: z.string().default('dist/web'),
    DATABASE_URL: optional,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(2_000_000),
    UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(25_000_000),
    TRUST_PROXY: proxyHops,
    /** Time a client has to send a whole request, body included (408 beyond). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /** Time a client has to send the request headers. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** After SIGTERM: in-flight requests may finish within this; then every connection (and provider call) is cut. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
    SECRET_KEY: optional,
    REQUIRE_EMAIL_CONFIRMATION: bool,
    // text generation
    GENERATION_BASE_URL: optionalUrl,
    GENERATION_API_KEY: optional,
    GENERATION_MODEL: z.string().default('gpt-4o-mini'),
    GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /** Time allowed to tailor a new book's chapters and questions to its subject (then the bank's are used). */
    GENERATION_TAILOR_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    // speech-to-text
    STT_PROVIDER: z.enum(['none', 'openai', 'google']).default('none'),
    STT_BASE_URL: optionalUrl,
    STT_API_KEY: optional,
    STT_MODEL: z.string().default('whisper-1'),
    GOOGLE_STT_URL: z.url().default('https://speech.googleapis.com'),
    GOOGLE_STT_API_KEY: optional,
    /** Overall time allowed for one transcription (upload to provider, long-running polling included). */
    STT_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /** SVOX Pico's voice files (Debian's libttspico-data); without them the audiobook reads with espeak-ng. */
    PICO_LANG_DIR: z.string().default('/usr/share/pico/lang'),
    // voice cloning for audiobooks (docs/audiobook.md): ElevenLabs when its key is set, else a speech server at TTS_BASE_URL
    ELEVENLABS_API_KEY: optional,
    ELEVENLABS_API_URL: z.url().default('https://api.elevenlabs.io'),
    ELEVENLABS_MODEL: z.string().default('eleven_multilingual_v2'),
    /** An OpenAI-style speech server with a voice library (chatterbox-tts-api), e.g. http://127.0.0.1:4123. */
    TTS_BASE_URL: optionalUrl,
    TTS_API_KEY: optional,
    TTS_MODEL: z.string().default('chatterbox-multilingual'),
    /** How often an idle server looks for background jobs left by a restart or another node. */
    JOB_POLL_MS: z.coerce.number().int().positive().default(2_000),
    /** A running job's lease, renewed while it works: a crashed node's job is taken up again this long after. */
    JOB_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** The first wait before a failed e-mail or print submission is tried again (doubled each time). */
    JOB_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
    // e-mail
    SMTP_URL: optional,
    MAIL_FROM: z.string().default('Plume <no-reply@plume.local>'),
    // captcha
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
    RECAPTCHA_SITE_KEY: optional,
    RECAPTCHA_SECRET_KEY: optional,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    // Google sign-in
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    // file storage
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    // payments (docs/payments.md): the offline sandbox unless every LYRA_* is set
    /** VAT included in every price, shown on receipts (0.2 = 20 %). */
    TAX_RATE: z.coerce.number().min(0).max(1).default(0.2),
    LYRA_SHOP_ID: optional,
    LYRA_PASSWORD: optional,
    LYRA_PUBLIC_KEY: optional,
    LYRA_HMAC_KEY: optional,
    LYRA_API_URL: optionalUrl,
    LYRA_STATIC_URL: optionalUrl,
    // printed copies (docs/printing.md): e-mailed to the print operator unless Lulu is configured
    /** Who receives each paid print order (both PDFs and the address) when Lulu is not set. */
    PRINT_ORDERS_EMAIL: z.string().default('print-orders@plume.local'),
    LULU_CLIENT_KEY: optional,
    LULU_CLIENT_SECRET: optional,
    /** https://api.lulu.com, or https://api.sandbox.lulu.com (jobs never printed). */
    LULU_API_URL: z.url().default('https://api.sandbox.lulu.com'),
    LULU_SHIPPING_LEVEL: z.enum(['MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS']).default('MAIL'),
    // the site's own pages (issue 16): each footer link is the built-in page unless pointed elsewhere
    HOW_IT_WORKS_URL: optionalUrl,
    FAQ_URL: optionalUrl,
    /** There is no built-in blog: the footer shows the link only when this is set. */
    BLOG_URL: optionalUrl,
    CONTACT_URL: optionalUrl,
    TERMS_URL: optionalUrl,
    PRIVACY_URL: optionalUrl,
    LEGAL_URL: optionalUrl,
    /** Shown in the footer to signed-in users only when set. */
    SUPPORT_PHONE: optional,
    /** The operator's social accounts, in the footer only when set. */
    FACEBOOK_URL: optionalUrl,
    INSTAGRAM_URL: optionalUrl,
    YOUTUBE_URL: optionalUrl,
    LINKEDIN_URL: optionalUrl,
    /** The legal notice's publisher; the contact form writes to OPERATOR_EMAIL. */
    OPERATOR_NAME: z.string().default('Plume'),
    OPERATOR_ADDRESS: optional,
    OPERATOR_EMAIL: z.string().default('contact@plume.local'),
    /** How often the server looks for subscriptions due for renewal or lapse (0: never, e.g. tests). */
    SUBSCRIPTION_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_PROVIDER !== 's3') return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE_PROVIDER=s3' });
    }
  });
export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'PUBLIC_URL'> & {
  /** Address users reach: PUBLIC_URL, else http://{HOST, or localhost for a wildcard}:{PORT}. */
  PUBLIC_URL: string;
  /** Absolute data folder. */
  dataDir: string;
  /** Absolute folder of the built SPA (may be missing in tests). */
  webDistDir: string;
  /** Absolute folder of locales/ (served and used for server messages). */
  localesDir: string;
  /** Absolute folder of content/. */
  contentDir: string;
};

/** The repository's root: the nearest folder with a package.json (from server/src, or from dist/server once built). */
function findRoot(folder: string): string {
  return fs.existsSync(path.join(folder, 'package.json')) ? folder : findRoot(path.dirname(folder));
}
export const ROOT_DIR = findRoot(import.meta.dirname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = EnvSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = { ...parsed.data, ...overrides } as Env;
  return {
    ...values,
    PUBLIC_URL: values.PUBLIC_URL ?? localUrl(values.HOST, values.PORT),
    dataDir: path.resolve(values.DATA_DIR),
    webDistDir: path.resolve(ROOT_DIR, values.WEB_DIST_DIR),
    localesDir: path.join(ROOT_DIR, 'locales'),
    contentDir: path.join(ROOT_DIR, 'content'),
  };
}

/** The address of this server as seen from the machine itself: a wildcard host reads as localhost. */
export function localUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}
