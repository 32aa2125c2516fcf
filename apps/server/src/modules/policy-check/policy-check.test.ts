import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, runDueJobs, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { PLANTED_PHRASE, startChatModelStandIn } from '../../test/chat-model.ts';
import { manualClock } from '../../test/payments.ts';
import { uploadedUrl } from '../../test/publishing.ts';
import { listenerJobKind } from '../../infra/events/events.ts';
import { createPolicyModel } from './policy-check.provider.ts';
import { createPolicyCheckRepository } from './policy-check.repository.ts';
import { createPolicyCheckService, NOT_CHECKED_DETAIL } from './policy-check.service.ts';

const API_KEY = 'sk-test-moderation-key-0123456789';
const standIn = startChatModelStandIn({ apiKey: API_KEY });
const clock = manualClock();
/** Every log line the configured app writes, at every level. */
const logLines: string[] = [];
let ctx: TestContext;
let off: TestContext;
let author: TestSession;
let admin: TestSession;
let offAuthor: TestSession;

beforeAll(async () => {
  const url = await standIn.listen();
  ctx = await createTestApp({
    env: {
      MODERATION_URL: url,
      MODERATION_API_KEY: API_KEY,
      MODERATION_MODEL: 'gpt-test-mini',
      LOG_LEVEL: 'trace',
    },
    app: {
      clock: clock.now,
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    },
  });
  off = await createTestApp();
  author = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
  offAuthor = await signedInUser(off);
});
afterAll(async () => {
  await ctx?.close();
  await off?.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.calls.length = 0;
  standIn.setMode('verdict');
});

const call = sessionCaller(() => ctx);
const JOB_KIND = listenerJobKind('workflow.changed', 'policy-check.review');

async function createListing(
  app: TestContext,
  session: TestSession,
  texts: { title: string; description: string; translation?: { title: string; description: string } },
) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/workflows',
    headers: session.headers,
    payload: {
      ...texts,
      price: 0,
      file_url: await uploadedUrl(app, session, 'workflows'),
      category_ids: ['n8n'],
      subcategory_ids: ['productivity'],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  const versions = await app.app.inject({
    method: 'GET',
    url: `/api/workflows/${id}/versions`,
    headers: session.headers,
  });
  return { id, versionIds: (versions.json() as { id: string }[]).map((version) => version.id) };
}

/** What the findings assembler gets for these versions (a service on the configured app's database). */
function findingsFor(versionIds: string[]) {
  const service = createPolicyCheckService({
    repository: createPolicyCheckRepository(ctx.db),
    model: createPolicyModel(ctx.env),
    clock: clock.now,
  });
  return service.policyFindingsFor(versionIds);
}

describe('the policy check by a language model', () => {
  it('tells the web whether the checks are AI-assisted', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/checks' })).json()).toEqual({
      ai_moderation: true,
    });
    expect((await off.app.inject({ method: 'GET', url: '/api/checks' })).json()).toEqual({
      ai_moderation: false,
    });
  });

  it('flags a listing whose description breaks the content rules, after the request, with the Bearer key', async () => {
    const { versionIds } = await createListing(ctx, author, {
      title: 'Inbox sweeper',
      description: `Logs in to shared mailboxes to ${PLANTED_PHRASE} and sends them to a sheet.`,
    });
    // Nothing is asked inside the request: the job asks after the commit.
    expect(standIn.calls).toHaveLength(0);
    await runDueJobs(ctx, clock);
    expect(standIn.calls).toHaveLength(1);
    const [asked] = standIn.calls;
    expect(asked!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(asked!.model).toBe('gpt-test-mini');
    expect(asked!.system).toContain('intended for hacking');
    expect(asked!.system).toContain('dùng để tấn công hệ thống');
    expect(JSON.parse(asked!.user)).toMatchObject({ title: 'Inbox sweeper' });
    const findings = await findingsFor(versionIds);
    expect(findings.get(versionIds[0]!)).toEqual([
      {
        code: 'policy',
        severity: 'high',
        detail: 'The description offers to harvest passwords, which the hacking rule forbids.',
        public: false,
      },
    ]);
    // The same texts are not asked about again when something else changes.
    await runDueJobs(ctx, clock);
    expect(standIn.calls).toHaveLength(1);
  });

  it('shows admins the policy finding in the review queue, asks for a note to approve a high one, and says the checks were AI-assisted', async () => {
    const { id, versionIds } = await createListing(ctx, author, {
      title: 'Mailbox helper',
      description: `Helps teams ${PLANTED_PHRASE} on shared inboxes.`,
    });
    await runDueJobs(ctx, clock);
    const queue = await call('GET', '/api/admin/reviews', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (
      queue.json() as {
        items: {
          workflow: { id: string };
          highest_severity: string | null;
          versions: {
            id: string;
            checks: { safety: { code: string; severity: string; detail?: string }[] };
          }[];
        }[];
      }
    ).items.find((entry) => entry.workflow.id === id)!;
    expect(item.highest_severity).toBe('high');
    expect(item.versions[0]!.checks.safety).toContainEqual(
      expect.objectContaining({
        code: 'policy',
        severity: 'high',
        detail: expect.stringContaining('hacking rule'),
      }),
    );
    // The author sees it with their version too; the public panel does not list it.
    const versions = await call('GET', `/api/workflows/${id}/versions`, author);
    expect(versions.json()[0].checks.safety).toContainEqual(expect.objectContaining({ code: 'policy' }));
    const detail = (await call('GET', `/api/workflows/${id}`, author)).json();
    if (detail.checked) {
      expect(detail.checked.ai_assisted).toBe(true);
      expect(detail.checked.checks).toContain('policy');
      expect(detail.checked.findings.map((finding: { code: string }) => finding.code)).not.toContain(
        'policy',
      );
    }
    const withoutNote = await call('POST', `/api/admin/workflows/${id}/approve`, admin, {});
    expect(withoutNote.statusCode, withoutNote.body).toBe(422);
    expect(withoutNote.json().error.code).toBe('APPROVAL_NOTE_REQUIRED');
    const withNote = await call('POST', `/api/admin/workflows/${id}/approve`, admin, {
      note: 'Read the texts: it archives the team’s own mail.',
    });
    expect(withNote.statusCode, withNote.body).toBe(200);
    expect(versionIds).toHaveLength(1);
  });

  it('leaves the Checked panel without AI while the check is off', async () => {
    const { id } = await createListing(off, offAuthor, { title: 'Plain panel', description: 'Copies rows.' });
    const detail = (
      await off.app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: offAuthor.headers })
    ).json();
    expect(detail.checked).toMatchObject({ ai_assisted: false });
    expect(detail.checked.checks).not.toContain('policy');
  });

  it('reads the translation too: a clean original with a translation that breaks the rules is flagged', async () => {
    const { versionIds } = await createListing(ctx, author, {
      title: 'Hộp thư chung',
      description: 'Sắp xếp thư đến theo nhóm.',
      translation: { title: 'Shared inbox', description: `Sorts mail, then helps ${PLANTED_PHRASE}.` },
    });
    await runDueJobs(ctx, clock);
    expect(standIn.calls).toHaveLength(1);
    expect(JSON.parse(standIn.calls[0]!.user)).toMatchObject({
      title: 'Hộp thư chung',
      translation: { title: 'Shared inbox' },
    });
    expect((await findingsFor(versionIds)).get(versionIds[0]!)).toEqual([
      expect.objectContaining({ code: 'policy', severity: 'high' }),
    ]);
  });

  it('gives an ok listing no finding', async () => {
    const { versionIds } = await createListing(ctx, author, {
      title: 'Daily sales digest',
      description: 'Sums yesterday’s orders and posts the total to Slack every morning.',
    });
    await runDueJobs(ctx, clock);
    expect(standIn.calls).toHaveLength(1);
    expect((await findingsFor(versionIds)).size).toBe(0);
  });

  it('asks again when a listed workflow’s description is edited, and reads a new version’s notes', async () => {
    const { id, versionIds } = await createListing(ctx, author, {
      title: 'Lead router',
      description: 'Sends new leads to the right salesperson.',
    });
    await runDueJobs(ctx, clock);
    expect((await call('POST', `/api/admin/workflows/${id}/approve`, admin, {})).statusCode).toBe(200);
    standIn.calls.length = 0;

    const edited = await call('PUT', `/api/workflows/${id}`, author, {
      description: `Sends new leads onwards, and can ${PLANTED_PHRASE}.`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await runDueJobs(ctx, clock);
    expect(standIn.calls.map((asked) => JSON.parse(asked.user).description)).toContain(
      `Sends new leads onwards, and can ${PLANTED_PHRASE}.`,
    );
    expect((await findingsFor(versionIds)).get(versionIds[0]!)?.[0]).toMatchObject({ severity: 'high' });
    // The review queue shows it with the waiting edit.
    const queue = (await call('GET', '/api/admin/reviews', admin)).json() as {
      items: { workflow: { id: string }; edit: { findings?: { code: string; severity: string }[] } | null }[];
    };
    expect(queue.items.find((entry) => entry.workflow.id === id)!.edit!.findings).toEqual([
      expect.objectContaining({ code: 'policy', severity: 'high' }),
    ]);

    const version = await call('POST', `/api/workflows/${id}/versions`, author, {
      version: '1.1',
      file_url: await uploadedUrl(ctx, author, 'workflows'),
      notes: 'Faster routing.',
    });
    expect(version.statusCode, version.body).toBe(201);
    standIn.calls.length = 0;
    await runDueJobs(ctx, clock);
    expect(standIn.calls.map((asked) => JSON.parse(asked.user).version_notes)).toEqual(['Faster routing.']);
  });

  it('sends nothing and queues nothing while MODERATION_URL is unset', async () => {
    const { versionIds } = await createListing(off, offAuthor, {
      title: 'Off check',
      description: `Would ${PLANTED_PHRASE}.`,
    });
    await off.app.jobs.runDue();
    expect(standIn.calls).toHaveLength(0);
    expect(await off.app.jobs.list({ kind: JOB_KIND })).toHaveLength(0);
    const service = createPolicyCheckService({
      repository: createPolicyCheckRepository(off.db),
      model: createPolicyModel(off.env),
      clock: () => new Date(),
    });
    expect((await service.policyFindingsFor(versionIds)).size).toBe(0);
  });

  it('records a broken provider as not checked, retries, and never blocks approval or answers 500', async () => {
    standIn.setMode('status-503');
    const { id, versionIds } = await createListing(ctx, author, {
      title: 'Broken provider listing',
      description: 'Copies rows between two sheets.',
    });
    await runDueJobs(ctx, clock);
    const notChecked = [{ code: 'policy', severity: 'info', detail: NOT_CHECKED_DETAIL, public: false }];
    expect((await findingsFor(versionIds)).get(versionIds[0]!)).toEqual(notChecked);
    // The queue tries again, with backoff, until its attempts are used up; the note stays.
    for (let round = 0; round < 4; round += 1) await runDueJobs(ctx, clock);
    const jobs = (await ctx.app.jobs.list({ kind: JOB_KIND })).filter(
      (job) => (job.payload as { payload?: { workflowId?: string } }).payload?.workflowId === id,
    );
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([['dead', 4]]);
    expect(jobs[0]!.lastError).toBe('the model answered HTTP 503');
    expect((await findingsFor(versionIds)).get(versionIds[0]!)).toEqual(notChecked);
    // Admins see the note in the queue; the author's versions do not carry it.
    const queue = (await call('GET', '/api/admin/reviews', admin)).json() as {
      items: { workflow: { id: string }; versions: { checks: { safety: { code: string }[] } }[] }[];
    };
    const queued = queue.items.find((entry) => entry.workflow.id === id)!;
    expect(queued.versions[0]!.checks.safety).toContainEqual(expect.objectContaining(notChecked[0]));
    const own = (await call('GET', `/api/workflows/${id}/versions`, author)).json();
    expect(own[0].checks.safety.map((finding: { code: string }) => finding.code)).not.toContain('policy');
    // The admin approves as usual.
    const approved = await call('POST', `/api/admin/workflows/${id}/approve`, admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('treats a malformed answer as not checked, and checks again once the provider answers', async () => {
    standIn.setMode('bad-json');
    const { id, versionIds } = await createListing(ctx, author, {
      title: 'Malformed answer listing',
      description: 'Archives old Trello cards.',
    });
    await runDueJobs(ctx, clock);
    expect((await findingsFor(versionIds)).get(versionIds[0]!)?.[0]).toMatchObject({
      detail: NOT_CHECKED_DETAIL,
    });
    standIn.setMode('verdict');
    await runDueJobs(ctx, clock);
    expect((await findingsFor(versionIds)).size).toBe(0);
    expect((await call('GET', `/api/workflows/${id}`, author)).statusCode).toBe(200);
  });

  it('never writes the key to the log or the job table', async () => {
    standIn.setMode('no-choices');
    await createListing(ctx, author, { title: 'Key hygiene', description: 'Nothing special.' });
    await runDueJobs(ctx, clock);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).toContain('policy check failed');
    expect(logLines.join('\n')).not.toContain(API_KEY);
    const jobs = await ctx.app.jobs.list({ kind: JOB_KIND });
    expect(JSON.stringify(jobs)).not.toContain(API_KEY);
  });
});
