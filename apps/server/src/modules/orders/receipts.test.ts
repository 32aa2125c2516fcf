import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '../../infra/jobs/mail.ts';
import { retryDelayMs } from '../../infra/jobs/queue.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { buyThroughTestGateway, injectedIpn } from '../../test/selling.ts';
import { receiptMail } from './orders.mail.ts';

const clock = manualClock();
let ctx: TestContext;
let smtpPort: number;

beforeAll(async () => {
  const smtp = await startSmtpServer();
  smtpPort = smtp.port;
  await smtp.close(); // the SMTP server is down when the buyer pays
  ctx = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    app: {
      clock: clock.now,
      testGatewayIpn: injectedIpn(() => ctx.app),
    },
  });
});
afterAll(() => ctx.close());

describe('receipts', () => {
  it('an SMTP outage delays the receipt; it is delivered once SMTP is back', async () => {
    const author = await createUser(ctx.db, { name: 'Quoc Author' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.id,
      price: 120_000,
      title: 'Zalo order alerts',
    });
    const buyer = await signedInUser(ctx, { locale: 'en', name: 'Lan Buyer' });
    const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
    await ctx.app.jobs.runDue();
    const [waiting] = await ctx.app.jobs.list({ kind: MAIL_JOB });
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });

    const smtp = await startSmtpServer({ port: smtpPort });
    try {
      clock.advance(retryDelayMs(1));
      await ctx.app.jobs.runDue();
      const [receipt] = smtp.to(buyer.user.email);
      expect(receipt!.subject).toBe(`Your Flowbay receipt ${code}`);
      expect(receipt!.text).toContain('Item: Zalo order alerts');
      expect(receipt!.text).toContain('Buyer: Lan Buyer');
      expect(receipt!.text).toContain('Amount: 120,000 VNĐ (all fees included)');
      expect(receipt!.text).toContain('Paid with: Test payment (no money moved)');
      expect(receipt!.text).toContain('Seller: Quoc Author');
      expect(receipt!.text).toMatch(/Provider reference: \d{8}/);
      const [done] = await ctx.app.jobs.list({ kind: MAIL_JOB });
      expect(done!.state).toBe('done');
    } finally {
      await smtp.close();
    }
  });

  it('names the buyer and says the amount includes every fee, in Vietnamese too', () => {
    const mail = receiptMail({
      to: 'lan@example.com',
      language: 'vi',
      code: 'FB-7K3M-Q9XD',
      title: 'Cảnh báo đơn Zalo',
      amount: 199_000,
      provider: 'vnpay',
      providerRef: '14567890',
      paidAt: new Date('2026-11-20T08:01:00.000Z'),
      seller: 'Trần Quốc Bảo',
      buyer: 'Nguyễn Thị Lan',
      orderUrl: 'https://flowbay.test/orders/FB-7K3M-Q9XD',
    });
    expect(mail.text).toContain('Người mua: Nguyễn Thị Lan');
    expect(mail.text).toContain('Số tiền: 199.000 VNĐ (đã gồm mọi khoản phí)');
    expect(mail.text).toContain('Mã giao dịch: 14567890');
  });
});
