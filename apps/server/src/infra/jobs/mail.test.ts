import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn } from '../../test/selling.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createMailer } from '../mailer/index.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { MAIL_JOB, queueMail, sendQueuedMail } from './mail.ts';

const clock = manualClock();
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Flowbay <no-reply@flowbay.example>' },
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe('a queued e-mail sent again after its process was killed', () => {
  it('is the same message (one Message-ID) however often it is sent, and another e-mail has another', async () => {
    const author = await createUser(ctx.db);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.id, price: 50_000 });
    const buyer = await signedInUser(ctx, { locale: 'en' });
    const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);

    // A worker takes the receipt's job and SMTP accepts it; then its process is killed (kill -9)
    // before it marks the job done: the row stays "running", as a dead worker leaves it.
    const claimed = (await createJobsRepository(ctx.db).claimDue(clock.now(), 10, 'killed-worker')).find(
      (job) => job.kind === MAIL_JOB,
    );
    expect(claimed).toBeDefined();
    const killedProcessMailer = createMailer({ ...ctx.env, SMTP_URL: smtp.url });
    await sendQueuedMail(killedProcessMailer, claimed!);
    killedProcessMailer.close();

    // A live worker takes the job up again once it is stale, and sends it again.
    clock.advance(11 * 60 * 1000);
    await ctx.app.jobs.runDue();
    const copies = smtp
      .to(buyer.user.email)
      .filter((mail) => mail.subject === `Your Flowbay receipt ${code}`);
    expect(copies).toHaveLength(2);
    const ids = copies.map((mail) => messageIdOf(mail.raw));
    expect(ids[0]).toBe(`<mail-${claimed!.id}@flowbay.example>`);
    expect(ids[1]).toBe(ids[0]);
    const job = (await ctx.app.jobs.list({ kind: MAIL_JOB })).find((row) => row.id === claimed!.id);
    expect(job!.state).toBe('done');

    await queueMail(ctx.app.jobs, {
      to: buyer.user.email,
      subject: 'Another e-mail',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    await ctx.app.jobs.runDue();
    const another = smtp.to(buyer.user.email).find((mail) => mail.subject === 'Another e-mail');
    expect(messageIdOf(another!.raw)).toMatch(/^<mail-[\w-]+@flowbay\.example>$/);
    expect(messageIdOf(another!.raw)).not.toBe(ids[0]);
  });
});
