import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConnections } from '../../db/schema.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { unsealText } from '../../infra/sealed-text.ts';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { startMakeStandIn, type MakeStandIn } from '../../test/make.ts';

const BLUEPRINT = readFileSync(
  new URL(
    '../../../../../packages/workflow-formats/test/fixtures/make/manasoid--meetings__blueprint-zoom.json',
    import.meta.url,
  ),
  'utf8',
);
const TOKEN = 'a1b2c3d4-0000-4000-8000-5e5e5e5e7f7f';
const NO_SCENARIOS_TOKEN = 'b2c3d4e5-0000-4000-8000-readonly9999';
const TEAM = 1234;

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let make: MakeStandIn;
beforeAll(async () => {
  make = await startMakeStandIn();
  make.tokens.set(TOKEN, {
    scopes: ['user:read', 'scenarios:read', 'scenarios:write', 'teams:read'],
    teams: [TEAM],
    user: { id: 9, name: 'Lan Nguyen', email: 'lan@example.com' },
  });
  make.tokens.set(NO_SCENARIOS_TOKEN, { scopes: ['user:read'], teams: [TEAM] });
});
afterAll(async () => make?.close());

const ctx = useTestApp(() => ({
  env: { MAKE_API_URL: make.url },
  app: { logger: { level: 'trace', stream: logStream } },
}));
const call = sessionCaller(() => ctx);
/** Every answer body of the file, to check no token was ever sent back. */
const answers: string[] = [];
const send = async (...args: Parameters<typeof call>) => {
  const response = await call(...args);
  answers.push(response.body);
  return response;
};

let buyer: TestSession;
let other: TestSession;
let author: TestSession;
let free: { id: string };
let paid: { id: string };
let n8nListing: { id: string };

async function saveConnection(session: TestSession, token = TOKEN, more: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/me/make-connections', session, {
    zone: 'eu1.make.com',
    token,
    team_id: TEAM,
    name: 'Work',
    ...more,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

beforeAll(async () => {
  buyer = await signedInUser(ctx);
  other = await signedInUser(ctx);
  author = await signedInUser(ctx);
  free = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.user.id,
    platform: 'make',
    file: BLUEPRINT,
    title: 'Zoom meetings from calendar',
  });
  paid = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.user.id,
    platform: 'make',
    file: BLUEPRINT,
    price: 50_000,
  });
  n8nListing = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, platform: 'n8n' });
});

describe('Make connections', () => {
  it('are saved with the token sealed, listed with only its last characters, and deleted by their owner only', async () => {
    const id = await saveConnection(buyer);
    const [row] = await ctx.db.select().from(makeConnections).where(eq(makeConnections.id, id));
    expect(row!.tokenSealed).not.toContain(TOKEN);
    expect(row!.tokenSealed).not.toContain(TOKEN.slice(0, 8));
    expect(unsealText(row!.tokenSealed, resolveAuthSecret(ctx.env), 'make-api-token')).toBe(TOKEN);

    const list = await send('GET', '/api/me/make-connections', buyer);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id, name: 'Work', zone: 'eu1.make.com', team_id: TEAM, token_hint: '…7f7f' }),
    ]);
    expect((await send('GET', '/api/me/make-connections', other)).json()).toEqual([]);

    expect((await send('DELETE', `/api/me/make-connections/${id}`, other)).json().error.code).toBe(
      'MAKE_CONNECTION_NOT_FOUND',
    );
    expect((await send('DELETE', `/api/me/make-connections/${id}`, null)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/me/make-connections/${id}`, buyer)).statusCode).toBe(204);
    expect((await send('GET', '/api/me/make-connections', buyer)).json()).toEqual([]);
  });

  it('are refused to anonymous callers and outside Make’s zones', async () => {
    const anonymous = await send('POST', '/api/me/make-connections', null, {
      zone: 'eu1.make.com',
      token: TOKEN,
      team_id: TEAM,
    });
    expect(anonymous.statusCode).toBe(401);
    const elsewhere = await send('POST', '/api/me/make-connections', buyer, {
      zone: '169.254.169.254',
      token: TOKEN,
      team_id: TEAM,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('are tested against Make (GET /users/me with the token), and Make’s refusal is shown', async () => {
    const id = await saveConnection(buyer);
    const tested = await send('POST', `/api/me/make-connections/${id}/test`, buyer);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({ ok: true, user_name: 'Lan Nguyen', user_email: 'lan@example.com' });
    const seen = make.calls.at(-1)!;
    expect(seen).toMatchObject({ method: 'GET', path: '/api/v2/users/me', authorization: `Token ${TOKEN}` });

    expect((await send('POST', `/api/me/make-connections/${id}/test`, other)).statusCode).toBe(404);

    const wrong = await saveConnection(buyer, 'c3d4e5f6-0000-4000-8000-unknown00000');
    const refused = await send('POST', `/api/me/make-connections/${wrong}/test`, buyer, undefined, {
      'accept-language': 'vi',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'MAKE_REJECTED',
      message: expect.stringContaining('Make từ chối'),
      details: { make_status: 401, make_message: 'Access denied — Invalid access token.' },
    });
  });
});

describe('Send to Make', () => {
  let connection: string;
  beforeAll(async () => {
    connection = await saveConnection(buyer);
  });

  it('creates a scenario from the blueprint (as text, equal to the file the buyer may download) and answers its link in Make', async () => {
    const response = await send('POST', `/api/workflows/${free.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(response.statusCode, response.body).toBe(200);
    const scenario = make.scenarios.at(-1)!;
    expect(response.json()).toEqual({
      scenario_id: scenario.id,
      url: `https://eu1.make.com/${TEAM}/scenarios/${scenario.id}/edit`,
    });

    const received = make.calls.at(-1)!;
    expect(received.path).toBe('/api/v2/scenarios');
    expect(received.query.get('confirmed')).toBe('true');
    expect(received.authorization).toBe(`Token ${TOKEN}`);
    const body = received.body as { blueprint: unknown; teamId: unknown; scheduling: unknown };
    expect(typeof body.blueprint).toBe('string');
    expect(typeof body.scheduling).toBe('string');
    expect(body.teamId).toBe(TEAM);
    expect(JSON.parse(body.scheduling as string)).toEqual({ type: 'on-demand' });

    const download = await send('GET', `/api/workflows/${free.id}/download`, buyer);
    expect(download.statusCode).toBe(200);
    expect(JSON.parse(body.blueprint as string)).toEqual(JSON.parse(download.body));
    expect(scenario.blueprint).toEqual(JSON.parse(BLUEPRINT));
  });

  it('is refused for a paid listing not bought, then works once bought', async () => {
    const before = make.scenarios.length;
    const refused = await send('POST', `/api/workflows/${paid.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PAYMENT_REQUIRED');
    expect(make.scenarios.length).toBe(before);

    await addPurchase(ctx.db, buyer.user.id, paid.id, 50_000);
    const bought = await send('POST', `/api/workflows/${paid.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(make.scenarios.length).toBe(before + 1);
  });

  it('is refused to anonymous callers, with another user’s connection, and for a listing of another platform', async () => {
    const before = make.scenarios.length;
    const anonymous = await send('POST', `/api/workflows/${free.id}/send-to-make`, null, {
      connection_id: connection,
    });
    expect(anonymous.statusCode).toBe(401);

    const notTheirs = await send('POST', `/api/workflows/${free.id}/send-to-make`, other, {
      connection_id: connection,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('MAKE_CONNECTION_NOT_FOUND');

    const n8n = await send('POST', `/api/workflows/${n8nListing.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(n8n.statusCode).toBe(409);
    expect(n8n.json().error).toMatchObject({
      code: 'NOT_A_MAKE_WORKFLOW',
      message: 'Only a Make workflow can be sent to Make.',
    });
    expect(make.scenarios.length).toBe(before);
  });

  it('shows Make’s own words when Make refuses: a token without scenarios:write, a team it cannot reach', async () => {
    const readOnly = await saveConnection(buyer, NO_SCENARIOS_TOKEN);
    const noScope = await send('POST', `/api/workflows/${free.id}/send-to-make`, buyer, {
      connection_id: readOnly,
    });
    expect(noScope.statusCode).toBe(422);
    expect(noScope.json().error).toMatchObject({
      code: 'MAKE_REJECTED',
      details: { make_status: 403, make_message: expect.stringContaining('scenarios:write') },
    });

    const otherTeam = await saveConnection(buyer, TOKEN, { team_id: 999 });
    const noTeam = await send('POST', `/api/workflows/${free.id}/send-to-make`, buyer, {
      connection_id: otherTeam,
    });
    expect(noTeam.statusCode).toBe(422);
    expect(noTeam.json().error.details.make_message).toBe('Access denied — You have no access to team 999.');
  });

  it('passes Make’s 429 on with its Retry-After, and a failing Make as 502', async () => {
    make.failNext(
      429,
      { message: 'Too many requests', detail: 'Rate limit exceeded.' },
      { 'retry-after': '42' },
    );
    const limited = await send('POST', `/api/workflows/${free.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.json().error).toMatchObject({
      code: 'MAKE_RATE_LIMITED',
      details: { make_status: 429, make_message: 'Too many requests — Rate limit exceeded.' },
    });

    make.failNext(503, { message: 'Service unavailable' });
    const down = await send('POST', `/api/workflows/${free.id}/send-to-make`, buyer, {
      connection_id: connection,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatchObject({ code: 'MAKE_UNREACHABLE', details: { make_status: 503 } });
  });

  it('never sends the token back in an answer nor writes it to the log', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) {
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(NO_SCENARIOS_TOKEN);
    }
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(NO_SCENARIOS_TOKEN);
    }
  });
});
