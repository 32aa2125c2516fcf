import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '../../infra/jobs/mail.ts';
import { retryDelayMs } from '../../infra/jobs/queue.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { buyThroughTestGateway, injectedIpn } from '../../test/selling.ts';

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
    const buyer = await signedInUser(ctx, { locale: 'en' });
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
      expect(receipt!.text).toContain('Amount: 120,000 VNĐ');
      expect(receipt!.text).toContain('Paid with: Test payment (no money moved)');
      expect(receipt!.text).toContain('Seller: Quoc Author');
      expect(receipt!.text).toMatch(/Provider reference: \d{8}/);
      const [done] = await ctx.app.jobs.list({ kind: MAIL_JOB });
      expect(done!.state).toBe('done');
    } finally {
      await smtp.close();
    }
  });
});
