import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('starts on the embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      SEED_DEMO: true,
      ADMIN_EMAILS: [],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://flowbay.vn/' }).PUBLIC_URL).toBe('https://flowbay.vn');
  });

  it('reads flags and lists', () => {
    const env = loadEnv({ SEED_DEMO: 'false', ADMIN_EMAILS: ' Admin@Example.com, ,ops@example.com ' });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual(['admin@example.com', 'ops@example.com']);
  });

  it('reads the MCP origins as origins and refuses what is not one', () => {
    expect(loadEnv({}).MCP_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadEnv({ MCP_ALLOWED_ORIGINS: 'https://assistant.example/, http://localhost:6274/x' })
        .MCP_ALLOWED_ORIGINS,
    ).toEqual(['https://assistant.example', 'http://localhost:6274']);
    expect(() => loadEnv({ MCP_ALLOWED_ORIGINS: 'assistant.example' })).toThrow(
      /MCP_ALLOWED_ORIGINS: assistant\.example is not an origin/,
    );
    expect(loadEnv({}).MCP_RATE_LIMIT).toBe(120);
  });

  it('lists every wrong setting at once, by name', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'SMTP_URL']) expect(message).toContain(name);
    }
  });

  it('refuses settings that only work together when one is missing', () => {
    expect(() => loadEnv({ S3_BUCKET: 'only-the-bucket' })).toThrow(/S3_BUCKET.*set together/);
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'id-only' })).toThrow(/GOOGLE_CLIENT_ID.*set together/);
  });

  it('wants a model with MODERATION_URL, the URL with a key or model, and https for a key in production', () => {
    const url = 'https://api.openai.com/v1/chat/completions';
    expect(loadEnv({}).MODERATION_URL).toBeUndefined();
    expect(loadEnv({ MODERATION_URL: url, MODERATION_MODEL: 'gpt-4o-mini' }).MODERATION_MODEL).toBe(
      'gpt-4o-mini',
    );
    expect(() => loadEnv({ MODERATION_URL: url })).toThrow(/MODERATION_MODEL: is required/);
    expect(() => loadEnv({ MODERATION_API_KEY: 'sk-x' })).toThrow(/MODERATION_URL: is required/);
    expect(() => loadEnv({ MODERATION_URL: 'not a url', MODERATION_MODEL: 'm' })).toThrow(/MODERATION_URL/);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        MODERATION_URL: 'http://llm.internal/v1/chat/completions',
        MODERATION_API_KEY: 'sk-x',
        MODERATION_MODEL: 'm',
      }),
    ).toThrow(/MODERATION_URL: must be an https:\/\/ URL in production/);
  });

  it('requires a session secret in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  describe('payments', () => {
    it('offers the test gateway by default outside production, and not once a provider is configured', () => {
      expect(loadEnv({}).PAYMENT_TEST_GATEWAY).toBe(true);
      expect(loadEnv({ VNPAY_TMN_CODE: 'FLOWBAY1', VNPAY_HASH_SECRET: 'secret' }).PAYMENT_TEST_GATEWAY).toBe(
        false,
      );
      expect(
        loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).PAYMENT_TEST_GATEWAY,
      ).toBe(false);
      expect(loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).PAYMENT_TEST_GATEWAY).toBe(
        false,
      );
    });

    it('refuses the test gateway in production', () => {
      expect(() =>
        loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PAYMENT_TEST_GATEWAY: 'true' }),
      ).toThrow(/PAYMENT_TEST_GATEWAY: the test gateway \(no money moves\) is refused in production/);
    });

    it('defaults VNPay to the sandbox and wants its code and secret together', () => {
      expect(loadEnv({}).VNPAY_URL).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
      expect(() => loadEnv({ VNPAY_TMN_CODE: 'FLOWBAY1' })).toThrow(/VNPAY_TMN_CODE/);
      expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() =>
        loadEnv({
          NODE_ENV: 'production',
          AUTH_SECRET: 'x'.repeat(32),
          STRIPE_API_URL: 'http://127.0.0.1:1',
        }),
      ).toThrow(/STRIPE_API_URL/);
    });
  });

  describe('selling', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };

    it('defaults to a 10 % fee, a 200,000 đồng minimum, a 7-day sale hold and a 48-hour account hold', () => {
      expect(loadEnv({})).toMatchObject({
        PLATFORM_FEE_PERCENT: 10,
        PAYOUT_MINIMUM: 200_000,
        SALE_HOLD_DAYS: 7,
        PAYOUT_ACCOUNT_HOLD_HOURS: 48,
      });
      expect(loadEnv({ PLATFORM_FEE_PERCENT: '12.5' }).PLATFORM_FEE_PERCENT).toBe(12.5);
      expect(() => loadEnv({ PLATFORM_FEE_PERCENT: '12.345' })).toThrow(/PLATFORM_FEE_PERCENT/);
      expect(() => loadEnv({ PLATFORM_FEE_PERCENT: '101' })).toThrow(/PLATFORM_FEE_PERCENT/);
    });

    it('withholds 5 % VAT and 2 % PIT by default; the fee and the taxes cannot exceed the price', () => {
      expect(loadEnv({})).toMatchObject({ TAX_VAT_PERCENT: 5, TAX_PIT_PERCENT: 2 });
      expect(loadEnv({ TAX_VAT_PERCENT: '1', TAX_PIT_PERCENT: '0.5' })).toMatchObject({
        TAX_VAT_PERCENT: 1,
        TAX_PIT_PERCENT: 0.5,
      });
      expect(() => loadEnv({ TAX_PIT_PERCENT: '0.125' })).toThrow(/TAX_PIT_PERCENT/);
      expect(() =>
        loadEnv({ PLATFORM_FEE_PERCENT: '95', TAX_VAT_PERCENT: '5', TAX_PIT_PERCENT: '2' }),
      ).toThrow(/TAX_VAT_PERCENT: the fee and the taxes withheld cannot add up to more than 100 %/);
    });

    it('lets tests shorten the holds, never production', () => {
      expect(loadEnv({ SALE_HOLD_DAYS: '0', PAYOUT_ACCOUNT_HOLD_HOURS: '0' }).SALE_HOLD_DAYS).toBe(0);
      expect(() => loadEnv({ ...production, SALE_HOLD_DAYS: '1' })).toThrow(/SALE_HOLD_DAYS/);
      expect(() => loadEnv({ ...production, PAYOUT_ACCOUNT_HOLD_HOURS: '1' })).toThrow(
        /PAYOUT_ACCOUNT_HOLD_HOURS/,
      );
      expect(loadEnv({ ...production, SALE_HOLD_DAYS: '14' }).SALE_HOLD_DAYS).toBe(14);
    });
  });
});
