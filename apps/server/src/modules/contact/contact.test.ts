import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { signedInUser, signInAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';

const sent: MailMessage[] = [];
let failMail = false;
let ctx: TestContext;
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { SUPPORT_EMAIL: 'help@flowbay.test' },
    app: {
      mailer: {
        driver: 'outbox',
        async send(message) {
          if (failMail) throw new Error('smtp down');
          sent.push(message);
        },
        close() {},
      },
    },
  });
});
afterAll(() => ctx.close());
beforeEach(() => {
  sent.length = 0;
  failMail = false;
});

const valid = {
  full_name: 'Trần Thị Bình',
  email: 'binh@example.test',
  subject: 'Cannot import a Make blueprint',
  message: 'The blueprint from the invoice workflow says the module is unknown. <b>Help?</b>',
};

// Each test posts from its own address so the per-IP limit only bites in the test about it.
const post = (payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    headers,
    remoteAddress: `10.1.0.${++address}`,
  });

describe('POST /api/contact', () => {
  it('stores an anonymous visitor message and e-mails it to SUPPORT_EMAIL', async () => {
    const response = await post(valid);
    expect(response.statusCode, response.body).toBe(201);
    await ctx.app.jobs.runDue(); // the copy to support is a queued e-mail
    const { id } = response.json();
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      fullName: 'Trần Thị Bình',
      email: 'binh@example.test',
      subject: valid.subject,
      userId: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('help@flowbay.test');
    // A reply from support goes to the visitor, not back to Flowbay's own sender address.
    expect(sent[0]!.replyTo).toEqual({ name: 'Trần Thị Bình', address: 'binh@example.test' });
    expect(sent[0]!.subject).toBe('[Contact] Cannot import a Make blueprint');
    expect(sent[0]!.text).toContain('binh@example.test');
    // The visitor's words are escaped in the HTML part.
    expect(sent[0]!.html).toContain('&#60;b&#62;Help?&#60;/b&#62;');
    expect(sent[0]!.html).not.toContain('<b>Help?</b>');
  });

  it('tells anyone the address the form sends to (SUPPORT_EMAIL)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/contact-address' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ support_email: 'help@flowbay.test' });
  });

  it('links the message to the signed-in sender, never to another user', async () => {
    const sender = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const session = await signInAs(ctx, sender);
    const response = await post(valid, session.headers);
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id));
    expect(row!.userId).toBe(sender.id);
    expect(row!.userId).not.toBe(other.id);
  });

  it('offers no way to read messages back, to anyone', async () => {
    const other = await signedInUser(ctx);
    const { id } = (await post(valid)).json();
    for (const url of ['/api/contact', `/api/contact/${id}`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    }
  });

  it('still accepts the message when the mail cannot be sent', async () => {
    failMail = true;
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(
      await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id)),
    ).toHaveLength(1);
  });

  it('validates every field and stores nothing when invalid', async () => {
    const cases: [object, string][] = [
      [{ ...valid, full_name: '  ' }, 'full_name'],
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, subject: 'hi' }, 'subject'],
      [{ ...valid, message: 'short' }, 'message'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
    ];
    const before = (await ctx.db.select().from(contactMessages)).length;
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect((await ctx.db.select().from(contactMessages)).length).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('limits each client to 5 messages per 10 minutes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid,
        remoteAddress: '10.2.0.1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
