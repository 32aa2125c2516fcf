import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';

const ctx = useTestApp();
let author: TestSession;
let reporter: TestSession;
let admin: TestSession;

const call = sessionCaller(() => ctx);

beforeAll(async () => {
  author = await signedInUser(ctx);
  reporter = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});

describe('the review queue', () => {
  it('shows a resubmitted listing with the reason it was rejected last; a listing never rejected shows none', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Rejected then fixed',
      status: 'pending',
    });
    const fresh = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Never rejected',
      status: 'pending',
    });
    const rejected = await call('POST', `/api/admin/workflows/${workflow.id}/reject`, admin, {
      reason: 'The description does not say what the workflow sends.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const resubmitted = await call('PUT', `/api/workflows/${workflow.id}`, author, {
      description: 'Sends each new invoice to the accounting channel.',
    });
    expect(resubmitted.json().status).toBe('pending');

    const queue = await call('GET', '/api/admin/reviews', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().items as Array<{ workflow: { id: string }; previous_rejection: unknown }>;
    expect(items.find((item) => item.workflow.id === workflow.id)?.previous_rejection).toEqual({
      reason: 'The description does not say what the workflow sends.',
      decided_at: expect.any(String),
    });
    expect(items.find((item) => item.workflow.id === fresh.id)?.previous_rejection).toBeNull();
    expect((await call('GET', '/api/admin/reviews', author)).statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('anyone signed in reports a listed workflow once; admins unlist it and the author is told', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Reported workflow',
    });
    const anonymous = await call('POST', `/api/workflows/${workflow.id}/reports`, null, { reason: 'spam' });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const badReason = await call('POST', `/api/workflows/${workflow.id}/reports`, reporter, {
      reason: 'boring',
    });
    expect(badReason.json().error).toMatchObject({
      field: 'reason',
      details: { messageKey: 'validation.reportReason' },
    });

    const first = await call('POST', `/api/workflows/${workflow.id}/reports`, reporter, {
      reason: 'malicious',
      details: 'Sends data away',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', `/api/workflows/${workflow.id}/reports`, reporter, { reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    expect((await call('GET', '/api/admin/reports', reporter)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/admin/reports/${first.json().id}/resolve`, reporter, { action: 'unlist' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/admin/reports/${first.json().id}/resolve`, null, { action: 'unlist' }))
        .statusCode,
    ).toBe(401);
    const open = (await call('GET', '/api/admin/reports', admin)).json();
    expect(open).toEqual([
      expect.objectContaining({
        id: first.json().id,
        workflow_title: 'Reported workflow',
        reason: 'malicious',
        details: 'Sends data away',
        reporter: { id: reporter.user.id, name: expect.any(String), email: reporter.user.email },
      }),
    ]);
    // Who reported is for administrators: the author and other users are refused the list.
    expect((await call('GET', '/api/admin/reports', author)).statusCode).toBe(403);

    const resolved = await call('POST', `/api/admin/reports/${first.json().id}/resolve`, admin, {
      action: 'unlist',
      note: 'Exfiltrates data',
    });
    expect(resolved.json()).toMatchObject({ status: 'unlisted' });
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${workflow.id}`, author)).json().status).toBe('unlisted');
    await ctx.app.jobs.runDue(); // the author's e-mail is sent by the decision's listener, after commit
    const mail = readOutbox(ctx, author.user.email).find((sent) =>
      sent.subject.includes('"Reported workflow"'),
    )!;
    expect(mail.subject).toBe('Your workflow "Reported workflow" was unlisted');
    expect(mail.text).toContain('Reason: Exfiltrates data');
    expect(mail.text).not.toContain(reporter.user.email);
    const authorsView = await call('GET', `/api/workflows/${workflow.id}`, author);
    expect(authorsView.body).not.toContain(reporter.user.email);
    expect(authorsView.body).not.toContain(reporter.user.id);
    expect((await call('GET', '/api/admin/reports', admin)).json()).toEqual([]);
    const again2 = await call('POST', `/api/admin/reports/${first.json().id}/resolve`, admin, {
      action: 'dismiss',
    });
    expect(again2.json().error.code).toBe('CONFLICT');

    // An admin can list it again.
    expect((await call('POST', `/api/admin/workflows/${workflow.id}/approve`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).statusCode).toBe(200);
  });

  it('dismissing leaves the workflow listed', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Falsely reported',
    });
    const report = (
      await call('POST', `/api/workflows/${workflow.id}/reports`, reporter, { reason: 'other' })
    ).json();
    const dismissed = await call('POST', `/api/admin/reports/${report.id}/resolve`, admin, {
      action: 'dismiss',
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/admin/reports?status=dismissed', admin))
        .json()
        .map((r: { id: string }) => r.id),
    ).toContain(report.id);
  });

  it('50 concurrent reports by one user leave one open report, answered as the first', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Reported at once',
    });
    const someone = await signedInUser(ctx);
    // Each from its own address, as through rotating proxies, so the per-IP limit lets all through.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/workflows/${workflow.id}/reports`,
          headers: someone.headers,
          remoteAddress: `10.0.${Math.floor(index / 200)}.${(index % 200) + 1}`,
          payload: { reason: 'spam', details: `try ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(49).fill(200), 201]);
    const ids = new Set(answers.map((answer) => answer.json().id));
    expect(ids.size).toBe(1);
    const open = (await call('GET', '/api/admin/reports', admin))
      .json()
      .filter((report: { workflow_id: string }) => report.workflow_id === workflow.id);
    expect(open.map((report: { id: string }) => report.id)).toEqual([...ids]);
  });

  it('cannot report what is not listed', async () => {
    const pending = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    expect(
      (await call('POST', `/api/workflows/${pending.id}/reports`, reporter, { reason: 'spam' })).statusCode,
    ).toBe(404);
  });
});
