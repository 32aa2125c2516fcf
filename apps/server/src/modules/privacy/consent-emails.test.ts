import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consents, workflowVersions } from '../../db/schema.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { useMailingGatewayApp } from '../../test/selling.ts';
import { createPrivacyRepository } from './privacy.repository.ts';
import { createPrivacyService } from './privacy.service.ts';

const clock = manualClock(new Date('2026-11-29T03:00:00Z'));
const { ctx, mail, settle } = useMailingGatewayApp(clock);
const call = sessionCaller(() => ctx);
let admin: TestSession;

beforeAll(async () => {
  admin = await signedInUser(ctx, { role: 'admin' });
});

/** The notification e-mails (with a one-click unsubscribe) received by `session`'s address. */
const notificationMails = (session: TestSession) =>
  mail.smtp.to(session.user.email).filter((sent) => /^List-Unsubscribe-Post:/im.test(sent.raw));
const inAppCount = async (session: TestSession) =>
  ((await call('GET', '/api/me/notifications', session)).json() as { total: number }).total;

async function setConsent(session: TestSession, purpose: string, granted: boolean, lang = 'en') {
  const response = await call(
    'PUT',
    '/api/me/consents',
    session,
    { purpose, granted },
    { 'accept-language': lang },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { consents: { purpose: string; granted: boolean; since: string | null }[] };
}

async function approve(workflowId: string) {
  const response = await call('POST', `/api/admin/workflows/${workflowId}/approve`, admin);
  expect(response.statusCode, response.body).toBe(200);
  await settle();
}

/** A new version of a workflow `owner` bought, approved: the workflow_update e-mail's occasion. */
async function newVersionFor(owner: TestSession) {
  const author = await signedInUser(ctx);
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, title: 'CRM sync' });
  await addPurchase(ctx.db, owner.user.id, workflow.id, 0);
  return async (version: string) => {
    await ctx.db.insert(workflowVersions).values({
      workflowId: workflow.id,
      version,
      fileKey: workflow.fileKey,
      size: workflow.version.size,
      sha256: workflow.version.sha256,
      summary: workflow.version.summary,
      createdBy: author.user.id,
    });
    await approve(workflow.id);
  };
}

/** A new listing of an author `follower` follows: the new_listing e-mail's occasion. */
async function newListingFor(follower: TestSession) {
  const author = await signedInUser(ctx, { name: 'Linh Automations' });
  expect((await call('POST', `/api/users/${author.user.id}/follow`, follower)).statusCode).toBe(200);
  return async () => {
    const pending = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    await approve(pending.id);
  };
}

const occasions = {
  workflow_update: newVersionFor,
  new_listing: newListingFor,
} as const;

describe.each(['workflow_update', 'new_listing'] as const)('the optional %s e-mail', (purpose) => {
  it('is not sent without consent (the in-app notification still is), is sent once consented, and stops when withdrawn', async () => {
    const user = await signedInUser(ctx);
    const happen = await occasions[purpose](user);

    // Silence is no consent: nothing recorded, nothing e-mailed; the app still tells them.
    const initial = (await call('GET', '/api/me/consents', user)).json();
    expect(initial.consents.find((c: { purpose: string }) => c.purpose === purpose)).toEqual({
      purpose,
      granted: false,
      since: null,
      text_version: null,
    });
    await happen('1.1');
    expect(await inAppCount(user)).toBe(1);
    expect(notificationMails(user)).toHaveLength(0);

    const granted = await setConsent(user, purpose, true);
    expect(granted.consents.find((c) => c.purpose === purpose)).toMatchObject({ granted: true });
    await happen('1.2');
    expect(await inAppCount(user)).toBe(2);
    expect(notificationMails(user)).toHaveLength(1);

    clock.advance(1000);
    await setConsent(user, purpose, false);
    await happen('1.3');
    expect(await inAppCount(user)).toBe(3);
    expect(notificationMails(user)).toHaveLength(1);

    // The history keeps every answer, in order.
    const rows = await ctx.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.user.id), eq(consents.purpose, purpose)))
      .orderBy(consents.seq);
    expect(rows.map((row) => [row.granted, row.source, row.textVersion])).toEqual([
      [true, 'settings', '2026-11-29'],
      [false, 'settings', '2026-11-29'],
    ]);
  });

  it('records a withdrawal (source unsubscribe) when the e-mail’s unsubscribe link is used', async () => {
    const user = await signedInUser(ctx, { locale: 'vi' });
    const happen = await occasions[purpose](user);
    await setConsent(user, purpose, true, 'vi');
    await happen('2.0');
    const [sent] = notificationMails(user);
    expect(sent).toBeDefined();
    const match = /^List-Unsubscribe: <([^>]+)>/im.exec(sent!.raw.replace(/\r?\n[ \t]+/g, ' '));
    const url = new URL(match![1]!);
    clock.advance(1000);
    const done = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [latest] = await ctx.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.user.id), eq(consents.purpose, purpose)))
      .orderBy(consents.seq)
      .then((rows) => rows.slice(-1));
    expect(latest).toMatchObject({ granted: false, source: 'unsubscribe', language: 'vi' });
    const state = (await call('GET', '/api/me/consents', user)).json();
    expect(state.consents.find((c: { purpose: string }) => c.purpose === purpose).granted).toBe(false);
  });
});

describe('consents', () => {
  it('marketing: recorded and readable by any future sender through hasConsent', async () => {
    const user = await signedInUser(ctx);
    const privacy = createPrivacyService({
      repository: createPrivacyRepository(ctx.db),
      queue: ctx.app.jobs,
      clock: () => clock.now(),
      publicUrl: 'http://localhost:3000',
    });
    expect(await privacy.hasConsent(user.user.id, 'marketing')).toBe(false);
    await setConsent(user, 'marketing', true);
    expect(await privacy.hasConsent(user.user.id, 'marketing')).toBe(true);
    clock.advance(1000);
    await setConsent(user, 'marketing', false);
    expect(await privacy.hasConsent(user.user.id, 'marketing')).toBe(false);
  });

  it('refuses an unknown purpose, a non-boolean, extra fields and the anonymous caller, writing nothing', async () => {
    const user = await signedInUser(ctx);
    for (const payload of [
      { purpose: 'sale', granted: true },
      { purpose: 'marketing', granted: 'yes' },
      { purpose: 'marketing' },
      { purpose: 'marketing', granted: true, user_id: admin.user.id },
      {},
    ]) {
      const response = await call('PUT', '/api/me/consents', user, payload);
      expect([response.statusCode, response.json().error.code], JSON.stringify(payload)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    expect(await ctx.db.select().from(consents).where(eq(consents.userId, user.user.id))).toEqual([]);
    for (const response of [
      await call('GET', '/api/me/consents', null),
      await call('PUT', '/api/me/consents', null, { purpose: 'marketing', granted: true }),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('one user’s answer never changes another’s', async () => {
    const one = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    await setConsent(one, 'new_listing', true);
    const theirs = (await call('GET', '/api/me/consents', other)).json();
    expect(theirs.consents.every((c: { granted: boolean }) => !c.granted)).toBe(true);
  });
});
