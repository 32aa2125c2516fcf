import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { entitlementsOf, queryString, signVnpay } from '../../test/payments.ts';
import { placeOrder } from '../../test/selling.ts';

const TMN_CODE = 'FLOWBAY1';
const HASH_SECRET = 'SANDBOXSECRETFORTESTSONLY0123456';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { VNPAY_TMN_CODE: TMN_CODE, VNPAY_HASH_SECRET: HASH_SECRET } });
});
afterAll(() => ctx.close());

describe('VNPay driver (real settings, sandbox)', () => {
  it('offers VNPay instead of the test gateway and signs a sandbox payment URL VNPay can verify', async () => {
    const providers = await ctx.app.inject({ method: 'GET', url: '/api/payments/providers' });
    expect(providers.json()).toEqual({ providers: [{ id: 'vnpay', test_mode: true }] });

    const author = await createUser(ctx.db);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.id, price: 210_000 });
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const { code, redirectUrl } = await placeOrder(ctx, buyer, workflow.id, 'vnpay');
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: TMN_CODE,
      vnp_Amount: '21000000',
      vnp_CurrCode: 'VND',
      vnp_Locale: 'vn',
      vnp_TxnRef: code.replace(/-/g, ''),
      vnp_ReturnUrl: 'http://localhost:3000/api/payments/vnpay/return',
    });
    expect(params.vnp_ExpireDate).toMatch(/^\d{14}$/);
    // VNPay's check, done independently: HMAC-SHA512 of the sorted, encoded parameters.
    const { vnp_SecureHash, ...unsigned } = params;
    expect(signVnpay(unsigned, HASH_SECRET).vnp_SecureHash).toBe(vnp_SecureHash);

    // An IPN signed with the merchant's secret fulfils the order; the test gateway is not mounted.
    const ipn = signVnpay(
      {
        vnp_Amount: '21000000',
        vnp_BankCode: 'NCB',
        vnp_OrderInfo: `Thanh toan don hang ${code}`,
        vnp_PayDate: '20260302150000',
        vnp_ResponseCode: '00',
        vnp_TmnCode: TMN_CODE,
        vnp_TransactionNo: '14999999',
        vnp_TransactionStatus: '00',
        vnp_TxnRef: code.replace(/-/g, ''),
      },
      HASH_SECRET,
    );
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/ipn?${queryString(ipn)}`,
    });
    expect(answer.json()).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    const gateway = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/test-gateway/complete',
      payload: {},
    });
    expect(gateway.statusCode).toBe(404);
    const testOrder = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { workflow_id: workflow.id, provider: 'test' },
    });
    expect(testOrder.json().error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});
