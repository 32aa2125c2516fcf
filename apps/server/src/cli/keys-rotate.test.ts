import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { n8nConnections, payoutAccounts } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { resolveAuthSecret } from '../infra/auth/secret.ts';
import { isSealedUnder, sealingKeys, unsealText } from '../infra/sealed-text.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../test/auth.ts';
import { createWorkflow } from '../test/factories.ts';
import { startMakeStandIn, type MakeStandIn } from '../test/make.ts';
import { manualClock } from '../test/payments.ts';
import { buyThroughTestGateway, injectedIpn } from '../test/selling.ts';
import { declareTaxProfile } from '../test/tax.ts';
import { rotateSealedValues, runKeyRotation, SEALED_KINDS } from './keys-rotate.ts';

const OLD_KEY = 'old-key-'.padEnd(40, 'o');
const NEW_KEY = 'new-key-'.padEnd(40, 'n');
const ACCOUNT = '0071009876543';
const LEGACY_ACCOUNT = '0451000111222';
const TAX_ID = '079201004321';
const N8N_KEY = 'n8n_api_rotate_0123456789QRST';
const LEGACY_N8N_KEY = 'n8n_api_legacy_9876543210LMNO';
const MAKE_TOKEN = 'd4e5f6a7-0000-4000-8000-7a7a7a7a1b1b';
const TEAM = 77;
const SECRETS = [ACCOUNT, LEGACY_ACCOUNT, TAX_ID, N8N_KEY, LEGACY_N8N_KEY, MAKE_TOKEN];

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-09-01T02:00:00Z'));

/** A value sealed the way it was before envelopes (AES-256-GCM straight under a hash of the key). */
function legacySeal(text: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const key = createHash('sha256').update(`flowbay-sealed-${purpose}:${secret}`).digest();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Answers n8n's "list one workflow" to the right key only, as `POST …/test` calls it. */
function n8nStandIn(): Server {
  return createServer((req, res) => {
    const ok = [N8N_KEY, LEGACY_N8N_KEY].includes(String(req.headers['x-n8n-api-key']));
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { data: [] } : { message: 'unauthorized' }));
  });
}

let make: MakeStandIn;
let n8n: Server;
let n8nBase = '';
let ctx: TestContext;
const call = sessionCaller(() => ctx);
let seller: TestSession;
let admin: TestSession;
let legacyOwner: TestSession;
let n8nId = '';
let legacyN8nId = '';
let makeId = '';
let payoutId = '';

/** Every column of every row that holds a sealed value, as text: what someone reading the tables sees. */
async function rawRows(): Promise<string> {
  const tables = [...new Set(SEALED_KINDS.map((kind) => kind.tableName))];
  const rows = await Promise.all(
    tables.map((table) => ctx.db.execute(sql`select * from ${sql.identifier(table)}`)),
  );
  return JSON.stringify(rows.map((result) => (result as unknown as { rows: unknown[] }).rows));
}

/** Every sealed value with its purpose, read straight from the tables. */
async function sealedValues(): Promise<Array<{ table: string; purpose: string; sealed: string }>> {
  const values = [];
  for (const kind of SEALED_KINDS) {
    const rows = (await ctx.db.select({ sealed: kind.sealed }).from(kind.table)) as Array<{
      sealed: string | null;
    }>;
    for (const row of rows) {
      if (row.sealed) values.push({ table: kind.tableName, purpose: kind.purpose, sealed: row.sealed });
    }
  }
  return values;
}

function envFor(extra: Record<string, string>) {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: ctx.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    N8N_CONNECT_ALLOW_PRIVATE: 'true',
    MAKE_API_URL: make.url,
    ...extra,
  });
}

/** What the API reads with the given keys: n8n and Make tested, the full tax ID, the bank batch. */
async function readThroughApi(app: FastifyInstance) {
  const as = (session: TestSession, method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, headers: session.headers });
  return {
    n8n: (await as(seller, 'POST', `/api/me/n8n-connections/${n8nId}/test`)).json(),
    legacyN8n: (await as(legacyOwner, 'POST', `/api/me/n8n-connections/${legacyN8nId}/test`)).json(),
    make: (await as(seller, 'POST', `/api/me/make-connections/${makeId}/test`)).json().ok,
    taxId: (await as(admin, 'GET', `/api/admin/sellers/${seller.user.id}/tax-statement?year=2026`)).json()
      .seller?.tax_id,
    batch: (await as(admin, 'GET', '/api/admin/payouts.csv')).body,
  };
}

beforeAll(async () => {
  make = await startMakeStandIn();
  make.tokens.set(MAKE_TOKEN, {
    scopes: ['user:read', 'scenarios:read', 'scenarios:write', 'teams:read'],
    teams: [TEAM],
    user: { id: 3, name: 'Mai Tran', email: 'mai@example.com' },
  });
  n8n = n8nStandIn();
  await new Promise<void>((done) => n8n.listen(0, '127.0.0.1', done));
  n8nBase = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    env: { ENCRYPTION_KEY: OLD_KEY, N8N_CONNECT_ALLOW_PRIVATE: 'true', MAKE_API_URL: make.url },
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
  seller = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
  legacyOwner = await signedInUser(ctx);

  // Everything saved through the API: a bank account (and a payout copying it), a tax ID, n8n, Make.
  await declareTaxProfile(ctx, seller, {
    kind: 'individual',
    legal_name: 'Trần Thị Mai',
    tax_id: TAX_ID,
    address: '12 Lê Lợi, Quận 1, TP.HCM',
  });
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 300_000 });
  await buyThroughTestGateway(ctx, await signedInUser(ctx), workflow.id);
  const account = await call('PUT', '/api/me/payout-account', seller, {
    bank_code: 'VCB',
    account_number: ACCOUNT,
    holder_name: 'Tran Thi Mai',
  });
  expect(account.statusCode, account.body).toBe(200);
  clock.advance(8 * DAY);
  const requested = await call('POST', '/api/me/payouts', seller);
  expect(requested.statusCode, requested.body).toBe(201);
  payoutId = requested.json().payout.id;
  const n8nSaved = await call('POST', '/api/me/n8n-connections', seller, {
    base_url: n8nBase,
    api_key: N8N_KEY,
  });
  expect(n8nSaved.statusCode, n8nSaved.body).toBe(200);
  n8nId = n8nSaved.json().id;
  const makeSaved = await call('POST', '/api/me/make-connections', seller, {
    zone: 'eu1.make.com',
    token: MAKE_TOKEN,
    team_id: TEAM,
    name: 'Work',
  });
  expect(makeSaved.statusCode, makeSaved.body).toBe(201);
  makeId = makeSaved.json().id;

  // Rows from before envelopes: an n8n key in the old format, a bank account number in clear.
  const [legacy] = await ctx.db
    .insert(n8nConnections)
    .values({
      userId: legacyOwner.user.id,
      baseUrl: n8nBase,
      apiKeySealed: legacySeal(LEGACY_N8N_KEY, OLD_KEY, 'n8n-api-key'),
      keyHint: '…LMNO',
    })
    .returning();
  legacyN8nId = legacy!.id;
  await ctx.db.insert(payoutAccounts).values({
    sellerId: legacyOwner.user.id,
    bankCode: 'VCB',
    accountNumber: LEGACY_ACCOUNT,
    holderName: 'Le Van An',
    payoutsBlockedUntil: new Date(),
  });
});

afterAll(async () => {
  await ctx?.close();
  await make?.close();
  await new Promise((done) => n8n?.close(done));
});

describe('sensitive values at rest', () => {
  it('keeps every value saved through the API sealed in an envelope, nowhere in clear, and shows only hints', async () => {
    const raw = await rawRows();
    for (const secret of [ACCOUNT, TAX_ID, N8N_KEY, MAKE_TOKEN]) expect(raw).not.toContain(secret);
    expect(raw).not.toContain(ACCOUNT.slice(0, 9));
    for (const value of await sealedValues()) {
      if (value.table === 'n8n_connections' && value.sealed.startsWith('v2.') === false) continue; // the legacy row
      expect(value.sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(isSealedUnder(value.sealed, OLD_KEY, value.purpose)).toBe(true);
    }
    const answers = await Promise.all(
      [
        '/api/me/payout-account',
        '/api/me/tax-profile',
        '/api/me/n8n-connections',
        '/api/me/make-connections',
      ].map(async (url) => (await call('GET', url, seller)).body),
    );
    for (const secret of [ACCOUNT, TAX_ID, N8N_KEY, MAKE_TOKEN])
      expect(answers.join('\n')).not.toContain(secret);
    expect(answers.join('\n')).toContain('…QRST');
    expect(answers.join('\n')).toContain('6543');
  });

  it('opens values of the format before envelopes', async () => {
    expect((await readThroughApi(ctx.app)).legacyN8n).toEqual({ ok: true });
  });

  it('re-wraps everything under the new key with the command, keeps it readable, and is idempotent', async () => {
    const before = await readThroughApi(ctx.app);
    expect(before).toMatchObject({ n8n: { ok: true }, make: true, taxId: TAX_ID });
    expect(before.batch).toContain(`,${ACCOUNT},`);

    const keys = sealingKeys(
      { ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_KEY_PREVIOUS: [OLD_KEY] },
      resolveAuthSecret(ctx.env),
    );
    const result = await runKeyRotation(ctx.db, keys, ['--batch-size', '1']);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain(
      'n8n API keys (n8n_connections): 2 re-wrapped, 0 already under ENCRYPTION_KEY',
    );
    expect(result.output).toContain('Make API tokens (make_connections): 1 re-wrapped');
    expect(result.output).toContain('tax IDs (seller_tax_profiles): 1 re-wrapped');
    expect(result.output).toContain(
      'payout account numbers (payout_accounts): 1 re-wrapped, 0 already under ENCRYPTION_KEY, 1 sealed from clear text',
    );
    expect(result.output).toContain('account numbers of payouts (payouts): 1 re-wrapped');
    for (const secret of SECRETS) expect(result.output).not.toContain(secret);

    const values = await sealedValues();
    // Two payout accounts (one converted from clear), the payout, the tax ID, two n8n keys, the Make token.
    expect(values).toHaveLength(7);
    for (const value of values) {
      expect(isSealedUnder(value.sealed, NEW_KEY, value.purpose), value.table).toBe(true);
      expect(() => unsealText(value.sealed, OLD_KEY, value.purpose)).toThrow();
    }
    const raw = await rawRows();
    for (const secret of SECRETS) expect(raw).not.toContain(secret);

    const again = await runKeyRotation(ctx.db, keys, ['--', '--batch-size', '2']);
    expect(again.exitCode).toBe(0);
    expect(again.output).toContain(
      'n8n API keys (n8n_connections): 0 re-wrapped, 2 already under ENCRYPTION_KEY',
    );
    expect(again.output).toContain('payout account numbers (payout_accounts): 0 re-wrapped, 2 already');

    // The old key is gone: a server with only the new one reads everything.
    const rotated = await buildApp({
      env: envFor({ ENCRYPTION_KEY: NEW_KEY }),
      database: ctx.database,
      storage: ctx.storage,
      logger: false,
      clock: clock.now,
    });
    try {
      await rotated.ready();
      const after = await readThroughApi(rotated);
      expect(after).toMatchObject({ n8n: { ok: true }, legacyN8n: { ok: true }, make: true, taxId: TAX_ID });
      expect(after.batch).toContain(`,${ACCOUNT},`);
      expect(after.batch.split('\r\n').find((line) => line.startsWith(payoutId))).toContain(ACCOUNT);
    } finally {
      await rotated.close();
    }
    const [legacyAccount] = await ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, legacyOwner.user.id));
    expect(legacyAccount).toMatchObject({
      accountNumber: null,
      accountNumberMasked: expect.stringMatching(/1222$/),
    });
    expect(unsealText(legacyAccount!.accountNumberSealed!, NEW_KEY, 'bank-account-number')).toBe(
      LEGACY_ACCOUNT,
    );
  });

  it('names the rows no key opens, never their values, and exits non-zero', async () => {
    const wrong = sealingKeys(
      { ENCRYPTION_KEY: 'wrong-key-'.padEnd(40, 'w'), ENCRYPTION_KEY_PREVIOUS: [] },
      'x'.repeat(40),
    );
    const rows = await rotateSealedValues(ctx.db, wrong);
    expect(rows.find((row) => row.table === 'n8n_connections')!.unreadable.sort()).toEqual(
      [n8nId, legacyN8nId].sort(),
    );
    const result = await runKeyRotation(ctx.db, wrong, []);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`n8n_connections row ${n8nId}`);
    expect(result.output).toContain(`payouts row ${payoutId}`);
    expect(result.output).toContain(`seller_tax_profiles row ${seller.user.id}`);
    for (const secret of SECRETS) expect(result.output).not.toContain(secret);
    // Nothing was rewritten: the right key still opens every value.
    for (const value of await sealedValues())
      expect(isSealedUnder(value.sealed, NEW_KEY, value.purpose)).toBe(true);
    expect((await runKeyRotation(ctx.db, wrong, ['--batch-size', 'zero'])).exitCode).toBe(2);
  });

  it('answers a clear error, not a crash, when the server misses the key a value was sealed under', async () => {
    const keyless = await buildApp({
      env: envFor({ ENCRYPTION_KEY: 'other-key-'.padEnd(40, 'x') }),
      database: ctx.database,
      storage: ctx.storage,
      logger: false,
      clock: clock.now,
    });
    try {
      await keyless.ready();
      const tested = await keyless.inject({
        method: 'POST',
        url: `/api/me/n8n-connections/${n8nId}/test`,
        headers: seller.headers,
      });
      expect(tested.json().error.code, tested.body).toBe('SEALED_VALUE_UNREADABLE');
      expect(tested.body).not.toContain(N8N_KEY);
    } finally {
      await keyless.close();
    }
  });
});

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.runIf(inject('database').kind === 'pglite')('the embedded database on disk', () => {
  it('holds none of the values in its files after a checkpoint', async () => {
    const source = inject('database');
    if (source.kind !== 'pglite') return;
    const folder = mkdtempSync(join(tmpdir(), 'flowbay-disk-'));
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: join(folder, 'db'),
      loadDataDir: new Blob([await readFile(source.dumpPath)]),
    });
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: folder,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      N8N_CONNECT_ALLOW_PRIVATE: 'true',
      MAKE_API_URL: make.url,
    });
    const app = await buildApp({ env, database, storage: ctx.storage, logger: false });
    const disk = {
      app,
      db: database.db,
      database,
      storage: ctx.storage,
      env,
      dataDir: folder,
    } as TestContext;
    try {
      await app.ready();
      const owner = await signedInUser(disk);
      const put = (method: 'PUT' | 'POST', url: string, payload: object) =>
        app.inject({ method, url, headers: owner.headers, payload });
      expect(
        (
          await put('PUT', '/api/me/payout-account', {
            bank_code: 'VCB',
            account_number: ACCOUNT,
            holder_name: 'Tran Thi Mai',
          })
        ).statusCode,
      ).toBe(200);
      await declareTaxProfile(disk, owner, {
        kind: 'individual',
        legal_name: 'Trần Thị Mai',
        tax_id: TAX_ID,
        address: '1 Lê Lợi',
      });
      expect(
        (await put('POST', '/api/me/n8n-connections', { base_url: n8nBase, api_key: N8N_KEY })).statusCode,
      ).toBe(200);
      expect(
        (
          await put('POST', '/api/me/make-connections', {
            zone: 'eu1.make.com',
            token: MAKE_TOKEN,
            team_id: TEAM,
          })
        ).statusCode,
      ).toBe(201);
      await database.db.execute(sql`CHECKPOINT`);
      await app.close();
      await database.close();
      const files = filesUnder(join(folder, 'db'));
      expect(files.length).toBeGreaterThan(10);
      // The control: a clear value written the same way is found, so the search itself works.
      const found = (needle: string) =>
        files
          .filter((file) => readFileSync(file).includes(Buffer.from(needle, 'utf8')))
          .map((file) => file.slice(folder.length));
      expect(found(owner.user.email).length).toBeGreaterThan(0);
      expect(found('TRAN THI MAI').length).toBeGreaterThan(0);
      for (const secret of [ACCOUNT, TAX_ID, N8N_KEY, MAKE_TOKEN]) expect(found(secret), secret).toEqual([]);
    } finally {
      await app.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
