import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  sessionCaller,
  signUpAndVerify,
  signedInUser,
  uniqueAddress,
} from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn, refundAsAdmin } from '../../test/selling.ts';
import { REVIEW_REMINDER_DELAY_MS } from '../jobs/review-reminder.ts';
import { retryDelayMs } from '../jobs/queue.ts';
import { createMailer, type MailMessage } from '../mailer/index.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
/** SMTP as the app sees it: while down, every send fails as a refused connection does. */
const smtp = { down: false, delivered: [] as MailMessage[] };
let ctx: TestContext;
const call = sessionCaller(() => ctx);

beforeAll(async () => {
  ctx = await createTestApp({
    env: { SUPPORT_EMAIL: 'help@flowbay.test' },
    app: {
      clock: clock.now,
      testGatewayIpn: injectedIpn(() => ctx.app),
      mailer: {
        driver: 'outbox',
        async send(message) {
          if (smtp.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
          smtp.delivered.push(message);
          // Also to the outbox folder, where the sign-up helper reads its confirmation link.
          await createMailer({ ...ctx.env, SMTP_URL: undefined }).send(message);
        },
        close() {},
      },
    },
  });
});
afterAll(() => ctx.close());

describe('every e-mail survives an SMTP outage', () => {
  it('none is sent while SMTP is down; each kind is delivered once after it is back', async () => {
    // An account that can delete itself (it has a password), made while SMTP is up.
    const leaving = await signUpAndVerify(ctx);
    const forgetful = await signUpAndVerify(ctx);
    const changing = await signUpAndVerify(ctx);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const author = await signedInUser(ctx, { name: 'Outage Author' });
    const buyer = await signedInUser(ctx, { locale: 'en' });
    const refunded = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      price: 50_000,
      title: 'Refunded one',
    });
    const kept = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      price: 60_000,
      title: 'Kept one',
    });
    const toApprove = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      status: 'pending',
      title: 'To approve',
    });
    const toReject = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      status: 'pending',
      title: 'To reject',
    });
    const toUnlist = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'To unlist',
    });
    await ctx.app.jobs.runDue();
    smtp.delivered.length = 0;

    smtp.down = true;
    // Orders: receipts, the seller's sale notifications, a refund request to support, a refund told
    // to both sides, a review reminder.
    const { code: refundedCode } = await buyThroughTestGateway(ctx, buyer, refunded.id);
    const { code: keptCode } = await buyThroughTestGateway(ctx, buyer, kept.id);
    const request = await call('POST', `/api/orders/${refundedCode}/refund-request`, buyer, {
      reason: 'Not what I needed',
    });
    expect(request.statusCode, request.body).toBe(200);
    await refundAsAdmin(ctx, admin, refundedCode);
    // Moderation: approved, rejected, unlisted after a report.
    expect((await call('POST', `/api/admin/workflows/${toApprove.id}/approve`, admin)).statusCode).toBe(200);
    const reject = await call('POST', `/api/admin/workflows/${toReject.id}/reject`, admin, {
      reason: 'Too short',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const report = await call('POST', `/api/workflows/${toUnlist.id}/reports`, buyer, { reason: 'spam' });
    expect(report.statusCode, report.body).toBeLessThan(300);
    const unlist = await call('POST', `/api/admin/reports/${report.json().id}/resolve`, admin, {
      action: 'unlist',
      note: 'Spam',
    });
    expect(unlist.statusCode, unlist.body).toBe(200);
    // Contact: the copy to support.
    const contact = await call('POST', '/api/contact', null, {
      full_name: 'Outage Visitor',
      email: 'visitor@example.test',
      subject: 'Question during an outage',
      message: 'Does this message reach support after an outage?',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    // Accounts: a password reset, and the goodbye to a deleted account.
    const reset = await call('POST', '/api/auth/request-password-reset', null, {
      email: forgetful.user.email,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const deleted = await call('POST', '/api/profile/me/delete', leaving, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // Better Auth's own e-mails: a sign-up's confirmation and "your password was changed".
    const newcomer = 'newcomer-during-outage@example.test';
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: uniqueAddress(),
      payload: { email: newcomer, password: TEST_PASSWORD },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const changed = await call('POST', '/api/auth/change-password', changing, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'quiet harbour violet 51',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    clock.advance(REVIEW_REMINDER_DELAY_MS);
    await ctx.app.jobs.runDue();
    expect(smtp.delivered).toEqual([]);

    smtp.down = false;
    clock.advance(retryDelayMs(1));
    await ctx.app.jobs.runDue();
    const got = smtp.delivered.map((mail) => `${mail.to} | ${mail.subject}`).sort();
    expect(got).toEqual(
      [
        `${buyer.user.email} | Your Flowbay receipt ${refundedCode}`,
        `${buyer.user.email} | Your Flowbay receipt ${keptCode}`,
        `help@flowbay.test | Refund requested for ${refundedCode}`,
        `${author.user.email} | A buyer asked for a refund of "Refunded one" (${refundedCode})`,
        `${buyer.user.email} | Order ${refundedCode} was refunded`,
        `${author.user.email} | A sale of "Refunded one" was refunded`,
        `${author.user.email} | You made a sale: “Refunded one”`,
        `${author.user.email} | You made a sale: “Kept one”`,
        `${buyer.user.email} | How is "Kept one" working for you?`,
        `${author.user.email} | Your workflow "To approve" is approved`,
        `${author.user.email} | Your workflow "To reject" was not approved`,
        `${author.user.email} | Your workflow "To unlist" was unlisted`,
        'help@flowbay.test | [Contact] Question during an outage',
        `${forgetful.user.email} | Reset your Flowbay password`,
        `${leaving.user.email} | Your Flowbay account was deleted`,
        `${newcomer} | Confirm your e-mail address for Flowbay`,
        `${changing.user.email} | Your Flowbay password was changed`,
      ].sort(),
    );
    // Nothing is left to send, and nothing is sent twice.
    clock.advance(retryDelayMs(5));
    await ctx.app.jobs.runDue();
    expect(smtp.delivered).toHaveLength(got.length);
    expect((await ctx.app.jobs.list()).filter((job) => job.state !== 'done')).toEqual([]);
  });
});
