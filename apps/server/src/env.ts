import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const optionalUrl = z.url().optional();
/** A rate in percent with two decimals at most (kept as basis points). */
const percent = z.coerce
  .number()
  .min(0)
  .max(100)
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'at most two decimals');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: optionalUrl,
    SEED_DEMO: flag.default(true),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: flag.default(false),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * The key secrets stored for users are sealed with (saved n8n API keys); AUTH_SECRET when unset.
     * ENCRYPTION_KEY_PREVIOUS (comma-separated) still opens what older keys sealed, and each such secret
     * is sealed again under the current key (README, "Encryption key rotation").
     */
    ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      ),
    /** Lets "Send to my n8n" reach private and loopback addresses (an n8n on the same network). Off by default. */
    N8N_CONNECT_ALLOW_PRIVATE: flag.default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Flowbay <no-reply@flowbay.local>'),
    SUPPORT_EMAIL: z.email().default('support@flowbay.local'),
    /** The language of the e-mails the operators receive at SUPPORT_EMAIL (orders, refunds, invoices). */
    SUPPORT_LANGUAGE: z.enum(['en', 'vi']).default('en'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Test-only: where Google's OpenID endpoints live (a local OIDC server in tests). */
    GOOGLE_DISCOVERY_URL: optionalUrl,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('auto'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: optionalUrl,
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    TRANSLATE_URL: optionalUrl,
    TRANSLATE_API_KEY: z.string().min(1).optional(),
    /**
     * The optional policy check by a language model (decision 0166): an OpenAI-compatible chat
     * completions endpoint (e.g. https://api.openai.com/v1/chat/completions), its key and its model.
     * Unset: no listing text leaves the server and the checks are not called AI-assisted.
     */
    MODERATION_URL: optionalUrl,
    MODERATION_API_KEY: z.string().min(1).optional(),
    MODERATION_MODEL: z.string().min(1).max(200).optional(),
    /**
     * Tests and private Make installations only: the API base that replaces https://<zone>/api/v2 for
     * every zone ("Send to Make" and testing a Make connection call nothing else).
     */
    MAKE_API_URL: optionalUrl,
    /** VNPay merchant (terminal) code and hash secret, from the sandbox or production registration. */
    VNPAY_TMN_CODE: z.string().min(1).optional(),
    VNPAY_HASH_SECRET: z.string().min(1).optional(),
    /** The payment page: the sandbox by default, https://pay.vnpay.vn/vpcpay.html in production. */
    VNPAY_URL: z.url().default('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html'),
    /** Where querydr and refund are sent (merchant_webapi); defaults to VNPAY_URL's host. */
    VNPAY_API_URL: optionalUrl,
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Test-only: points the Stripe SDK at a local Stripe-speaking server. */
    STRIPE_API_URL: optionalUrl,
    /** payOS (VietQR bank transfers): the payment channel's client ID, API key and checksum key. */
    PAYOS_CLIENT_ID: z.string().min(1).optional(),
    PAYOS_API_KEY: z.string().min(1).optional(),
    PAYOS_CHECKSUM_KEY: z.string().min(1).optional(),
    /**
     * payOS's payout channel (chi hộ), issued with its own keys: when set, admins send approved
     * payouts through payOS instead of the CSV bank batch (decision 0154).
     */
    PAYOS_PAYOUT_CLIENT_ID: z.string().min(1).optional(),
    PAYOS_PAYOUT_API_KEY: z.string().min(1).optional(),
    PAYOS_PAYOUT_CHECKSUM_KEY: z.string().min(1).optional(),
    /** payOS's merchant API (both channels); tests point it at a local payOS-speaking server. */
    PAYOS_BASE_URL: z.url().default('https://api-merchant.payos.vn'),
    /**
     * Who issues VAT invoices (decision 0151): `manual` (default; admins issue them in the e-invoice
     * software and enter the number in the invoices queue) or `sepay` (SePay eInvoice's API, from a job).
     */
    INVOICE_PROVIDER: z.enum(['manual', 'sepay']).default('manual'),
    /** SePay eInvoice: the API client's id and secret and the provider account that issues. */
    SEPAY_EINVOICE_CLIENT_ID: z.string().min(1).optional(),
    SEPAY_EINVOICE_CLIENT_SECRET: z.string().min(1).optional(),
    SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID: z.string().min(1).optional(),
    /** The invoice template (mẫu số) and series (ký hiệu); the provider account's defaults when unset. */
    SEPAY_EINVOICE_TEMPLATE_CODE: z.string().min(1).optional(),
    SEPAY_EINVOICE_SERIES: z.string().min(1).optional(),
    /** SePay eInvoice's API (the sandbox is https://einvoice-api-sandbox.sepay.vn); tests point it at a stand-in. */
    SEPAY_EINVOICE_BASE_URL: z.url().default('https://einvoice-api.sepay.vn'),
    /**
     * The built-in test gateway (no money moves). Default: on when none of VNPay, Stripe and payOS is
     * configured, outside production. Refused in production.
     */
    PAYMENT_TEST_GATEWAY: flag.optional(),
    /**
     * How stale each process's search index may get before a search refreshes it, in ms
     * (docs/decisions/0007-search-index.md). Default 1000; 0 (the test default) refreshes before every search.
     */
    SEARCH_INDEX_REFRESH_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    /**
     * Web origins (comma-separated) whose pages may call the MCP endpoint `/mcp` besides PUBLIC_URL's
     * own; a request with any other Origin is refused. Desktop and command-line clients send none.
     */
    MCP_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
          .map((origin) => {
            try {
              return new URL(origin).origin;
            } catch {
              ctx.addIssue({ code: 'custom', message: `${origin} is not an origin (https://host[:port])` });
              return z.NEVER;
            }
          }),
      ),
    /**
     * The bearer token Prometheus sends to scrape `/metrics` (README, "Metrics"). Unset: `/metrics`
     * is not served at all (404).
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * An OpenTelemetry collector's OTLP/HTTP address (e.g. http://otel-collector:4318): when set, each
     * request, database query and job is traced there (spans to `<address>/v1/traces`). Unset: no tracing.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    /** The service name the spans carry. */
    OTEL_SERVICE_NAME: z.string().min(1).max(200).default('flowbay'),
    /** Calls to `/mcp` each caller (library key, else IP address) may make per minute. */
    MCP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    /** The platform's share of each sale, in percent (two decimals at most); recorded on each sale. */
    PLATFORM_FEE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'at most two decimals')
      .default(10),
    /**
     * VAT and personal income tax withheld from each sale of an individual or household-business
     * seller, in percent of the price (Decree 117/2025/ND-CP; decision 0150 lists the rates by kind
     * of sale). Recorded on each sale; defaults are the rates for digital services.
     */
    TAX_VAT_PERCENT: percent.default(5),
    TAX_PIT_PERCENT: percent.default(2),
    /** The smallest payout a seller can request, in whole đồng. */
    PAYOUT_MINIMUM: z.coerce.number().int().min(1).default(200_000),
    /**
     * How long a sale's share stays pending (the refund window, 7 days). Production may lengthen it,
     * never shorten it; a journey test sets 0 so a sale can be paid out at once.
     */
    SALE_HOLD_DAYS: z.coerce.number().min(0).max(365).default(7),
    /** A new or changed payout bank account blocks payouts this long (production: 48 hours or more). */
    PAYOUT_ACCOUNT_HOLD_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 90)
      .default(48),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (Boolean(env.VNPAY_TMN_CODE) !== Boolean(env.VNPAY_HASH_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VNPAY_TMN_CODE'],
        message: 'VNPAY_TMN_CODE and VNPAY_HASH_SECRET must be set together',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      });
    }
    const payos = [env.PAYOS_CLIENT_ID, env.PAYOS_API_KEY, env.PAYOS_CHECKSUM_KEY];
    if (payos.some(Boolean) && !payos.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOS_CLIENT_ID'],
        message: 'PAYOS_CLIENT_ID, PAYOS_API_KEY and PAYOS_CHECKSUM_KEY must be set together',
      });
    }
    const payosPayouts = [
      env.PAYOS_PAYOUT_CLIENT_ID,
      env.PAYOS_PAYOUT_API_KEY,
      env.PAYOS_PAYOUT_CHECKSUM_KEY,
    ];
    if (payosPayouts.some(Boolean) && !payosPayouts.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOS_PAYOUT_CLIENT_ID'],
        message:
          'PAYOS_PAYOUT_CLIENT_ID, PAYOS_PAYOUT_API_KEY and PAYOS_PAYOUT_CHECKSUM_KEY must be set together',
      });
    }
    const sepayInvoices = [
      env.SEPAY_EINVOICE_CLIENT_ID,
      env.SEPAY_EINVOICE_CLIENT_SECRET,
      env.SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID,
    ];
    if (env.INVOICE_PROVIDER === 'sepay' && !sepayInvoices.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['INVOICE_PROVIDER'],
        message:
          'sepay needs SEPAY_EINVOICE_CLIENT_ID, SEPAY_EINVOICE_CLIENT_SECRET and SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_TEST_GATEWAY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_TEST_GATEWAY'],
        message: 'the test gateway (no money moves) is refused in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.STRIPE_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'is for tests only' });
    }
    if (env.NODE_ENV === 'production' && env.SALE_HOLD_DAYS < 7) {
      ctx.addIssue({
        code: 'custom',
        path: ['SALE_HOLD_DAYS'],
        message: 'cannot be shorter than the 7-day refund window in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYOUT_ACCOUNT_HOLD_HOURS < 48) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOUT_ACCOUNT_HOLD_HOURS'],
        message: 'cannot be shorter than 48 hours in production',
      });
    }
    if (env.PLATFORM_FEE_PERCENT + env.TAX_VAT_PERCENT + env.TAX_PIT_PERCENT > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['TAX_VAT_PERCENT'],
        message: 'the fee and the taxes withheld cannot add up to more than 100 %',
      });
    }
    if (env.MODERATION_URL && !env.MODERATION_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MODERATION_MODEL'],
        message: 'is required when MODERATION_URL is set (the model to ask, e.g. gpt-4o-mini)',
      });
    }
    if (!env.MODERATION_URL && (env.MODERATION_API_KEY || env.MODERATION_MODEL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MODERATION_URL'],
        message: 'is required when MODERATION_API_KEY or MODERATION_MODEL is set',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.MODERATION_URL &&
      env.MODERATION_API_KEY &&
      new URL(env.MODERATION_URL).protocol !== 'https:'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['MODERATION_URL'],
        message: 'must be an https:// URL in production (the key travels with every request)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, 'PAYMENT_TEST_GATEWAY' | 'SEARCH_INDEX_REFRESH_MS'> & {
  SEARCH_INDEX_REFRESH_MS: number;
  PUBLIC_URL: string;
  /** Resolved: whether the built-in test gateway is offered. */
  PAYMENT_TEST_GATEWAY: boolean;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** The only reader of process.env: parses every setting once and fails with a list of what is wrong. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const realProvider = Boolean(env.VNPAY_TMN_CODE || env.STRIPE_SECRET_KEY || env.PAYOS_CLIENT_ID);
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    PAYMENT_TEST_GATEWAY: env.PAYMENT_TEST_GATEWAY ?? (!realProvider && env.NODE_ENV !== 'production'),
    SEARCH_INDEX_REFRESH_MS: env.SEARCH_INDEX_REFRESH_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
  };
}
