import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.ts';
import { signedInUser, type TestSession } from './test/auth.ts';
import { createWorkflow } from './test/factories.ts';
import { buyThroughTestGateway, injectedIpn } from './test/selling.ts';

/**
 * Every write route of the OpenAPI document (POST, PUT, PATCH, DELETE) is tried according to the
 * access it declares (`x-access`, from the route's `access`; lib/guards.ts): anonymous → 401 unless
 * public; another user on someone's resource → 403 or 404; a signed-in non-admin on an admin route →
 * 403. A write route needs a request below, so a new one fails the first test until it has one.
 *
 * Not in the OpenAPI document, so not here: Better Auth's own routes under /api/auth/* (sign-up,
 * sign-in, password reset; covered by accounts.test.ts and session.test.ts).
 */

/** What the fixtures below made, for building each route's request. */
interface Fixture {
  /** A listed free workflow of `owner`. */
  workflowId: string;
  /** A review `rater` wrote of that workflow. */
  reviewId: string;
  /** A paid order of `rater`. */
  orderCode: string;
  /** An n8n key of `owner`. */
  n8nKeyId: string;
  /** A saved n8n connection of `owner`. */
  n8nConnectionId: string;
  /** A saved Make connection of `owner`. */
  makeConnectionId: string;
  /** The author of the workflows (someone others may follow). */
  authorId: string;
  /** A listed bundle of `owner`'s two workflows. */
  bundleId: string;
}

/** What a route declares, as OpenAPI's `x-access` shows it. */
type Access = { kind: 'public'; reason: string } | { kind: 'signed-in' | 'owner' | 'admin' };

/** The URL and a body that passes the route's schema, so the answer is about access. */
type RouteRequest = (fixture: Fixture) => { url: string; payload?: unknown };

const NIL = '00000000-0000-4000-8000-000000000000';
const REQUESTS: Record<string, RouteRequest> = {
  // catalogue
  'POST /api/workflows/{id}/views': (f) => ({ url: `/api/workflows/${f.workflowId}/views` }),
  'POST /api/workflows/{id}/taken': (f) => ({
    url: `/api/workflows/${f.workflowId}/taken`,
    payload: { kind: 'copy' },
  }),
  // publishing
  'POST /api/workflows': () => ({
    url: '/api/workflows',
    payload: { title: 'Matrix', file_url: 'upload://nothing' },
  }),
  'PUT /api/workflows/{id}': (f) => ({
    url: `/api/workflows/${f.workflowId}`,
    payload: { title: 'Taken over' },
  }),
  'DELETE /api/workflows/{id}': (f) => ({ url: `/api/workflows/${f.workflowId}` }),
  'POST /api/workflows/{id}/versions': (f) => ({
    url: `/api/workflows/${f.workflowId}/versions`,
    payload: { version: '9.9.9', notes: 'Matrix', file_url: 'upload://nothing' },
  }),
  'POST /api/workflows/{id}/screenshots': (f) => ({ url: `/api/workflows/${f.workflowId}/screenshots` }),
  'PUT /api/workflows/{id}/screenshots': (f) => ({
    url: `/api/workflows/${f.workflowId}/screenshots`,
    payload: { screenshots: [] },
  }),
  'POST /api/workflow-categories': (f) => ({
    url: '/api/workflow-categories',
    payload: [{ workflow_id: f.workflowId, category_id: 'n8n' }],
  }),
  'POST /api/workflow-subcategories': (f) => ({
    url: '/api/workflow-subcategories',
    payload: [{ workflow_id: f.workflowId, subcategory_id: 'marketing' }],
  }),
  'POST /api/uploads': () => ({ url: '/api/uploads' }),
  // review and reports
  'POST /api/admin/workflows/{id}/approve': (f) => ({ url: `/api/admin/workflows/${f.workflowId}/approve` }),
  'POST /api/admin/workflows/{id}/reject': (f) => ({
    url: `/api/admin/workflows/${f.workflowId}/reject`,
    payload: { reason: 'No' },
  }),
  'POST /api/workflows/{id}/reports': (f) => ({
    url: `/api/workflows/${f.workflowId}/reports`,
    payload: { reason: 'spam' },
  }),
  'POST /api/admin/reports/{id}/resolve': () => ({
    url: `/api/admin/reports/${NIL}/resolve`,
    payload: { action: 'dismiss' },
  }),
  // ratings
  'POST /api/workflows/{id}/reviews': (f) => ({
    url: `/api/workflows/${f.workflowId}/reviews`,
    payload: { rating: 1 },
  }),
  'PUT /api/reviews/{reviewId}': (f) => ({
    url: `/api/reviews/${f.reviewId}`,
    payload: { rating: 1, body: 'Changed by another' },
  }),
  'DELETE /api/reviews/{reviewId}': (f) => ({ url: `/api/reviews/${f.reviewId}` }),
  'PUT /api/reviews/{reviewId}/reply': (f) => ({
    url: `/api/reviews/${f.reviewId}/reply`,
    payload: { reply: 'Not my workflow' },
  }),
  'POST /api/reviews/{reviewId}/reports': (f) => ({
    url: `/api/reviews/${f.reviewId}/reports`,
    payload: { reason: 'spam' },
  }),
  'POST /api/admin/review-reports/{id}/resolve': () => ({
    url: `/api/admin/review-reports/${NIL}/resolve`,
    payload: { action: 'dismiss' },
  }),
  // favourites
  'POST /api/favorites': (f) => ({ url: '/api/favorites', payload: { workflow_id: f.workflowId } }),
  'DELETE /api/favorites/{workflow_id}': (f) => ({ url: `/api/favorites/${f.workflowId}` }),
  // notifications and follows
  'POST /api/me/notifications/read': () => ({ url: '/api/me/notifications/read', payload: {} }),
  'PUT /api/me/notification-settings': () => ({
    url: '/api/me/notification-settings',
    payload: { new_listing: true },
  }),
  'POST /api/notifications/unsubscribe': () => ({
    url: '/api/notifications/unsubscribe?token=forged.sale.0.signature',
    payload: 'List-Unsubscribe=One-Click',
  }),
  'POST /api/users/{id}/follow': (f) => ({ url: `/api/users/${f.authorId}/follow` }),
  'DELETE /api/users/{id}/follow': (f) => ({ url: `/api/users/${f.authorId}/follow` }),
  // bundles
  'POST /api/bundles': (f) => ({
    url: '/api/bundles',
    payload: { title: 'Matrix bundle', price: 50_000, workflow_ids: [f.workflowId, NIL] },
  }),
  'PATCH /api/bundles/{id}': (f) => ({ url: `/api/bundles/${f.bundleId}`, payload: { price: 40_000 } }),
  'DELETE /api/bundles/{id}': (f) => ({ url: `/api/bundles/${f.bundleId}` }),
  // orders and payments
  'POST /api/orders': (f) => ({
    url: '/api/orders',
    payload: { workflow_id: f.workflowId, provider: 'test' },
  }),
  'POST /api/orders/quote': (f) => ({ url: '/api/orders/quote', payload: { workflow_id: f.workflowId } }),
  'POST /api/orders/{code}/refund-request': (f) => ({
    url: `/api/orders/${f.orderCode}/refund-request`,
    payload: { reason: 'Not mine' },
  }),
  // The order of `rater` has no refund request: another user gets 404 either way (refund-answers.test.ts).
  'POST /api/me/refund-requests/{id}/answer': () => ({
    url: `/api/me/refund-requests/${NIL}/answer`,
    payload: { accept: false, reason: 'Downloaded twice' },
  }),
  'POST /api/admin/orders/{code}/refund': (f) => ({
    url: `/api/admin/orders/${f.orderCode}/refund`,
    payload: { reason: 'No' },
  }),
  'POST /api/admin/orders/{code}/decline-refund': (f) => ({
    url: `/api/admin/orders/${f.orderCode}/decline-refund`,
    payload: { reason: 'No' },
  }),
  'POST /api/admin/orders/{code}/refunded-by-transfer': (f) => ({
    url: `/api/admin/orders/${f.orderCode}/refunded-by-transfer`,
    payload: { transfer_ref: 'FT26001' },
  }),
  'POST /api/admin/payment-incidents/{code}/retry-refund': (f) => ({
    url: `/api/admin/payment-incidents/${f.orderCode}/retry-refund`,
  }),
  // VAT invoices
  'PUT /api/orders/{code}/invoice': (f) => ({
    url: `/api/orders/${f.orderCode}/invoice`,
    payload: {
      company_name: 'Cong ty Ma Tran',
      tax_code: '0101234567',
      address: '1 Hang Bai',
      email: 'kt@matran.test',
    },
  }),
  'POST /api/admin/invoices/{code}/issue': (f) => ({
    url: `/api/admin/invoices/${f.orderCode}/issue`,
    payload: { invoice_number: '0000001', lookup_code: 'MATRIX' },
  }),
  'POST /api/admin/invoices/{code}/adjusted': (f) => ({ url: `/api/admin/invoices/${f.orderCode}/adjusted` }),
  'POST /api/payments/stripe/webhook': () => ({ url: '/api/payments/stripe/webhook', payload: {} }),
  'POST /api/payments/payos/webhook': () => ({ url: '/api/payments/payos/webhook', payload: {} }),
  'POST /api/payments/test-gateway/complete': () => ({
    url: '/api/payments/test-gateway/complete',
    payload: { params: {}, outcome: 'pay' },
  }),
  'POST /api/payments/test-gateway/payos-transfer': (f) => ({
    url: '/api/payments/test-gateway/payos-transfer',
    payload: { order_code: f.orderCode },
  }),
  // sales
  'PUT /api/me/payout-account': () => ({
    url: '/api/me/payout-account',
    payload: { bank_code: 'VCB', account_number: '0071001234567', holder_name: 'Nguyen Van Duc' },
  }),
  'POST /api/me/payouts': () => ({ url: '/api/me/payouts' }),
  'POST /api/me/discount-codes': () => ({
    url: '/api/me/discount-codes',
    payload: {
      code: 'MATRIX10',
      kind: 'percent',
      value: 10,
      max_uses: 5,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2027-01-01T00:00:00Z',
    },
  }),
  // Another seller's real code is 404 too (licences.test.ts).
  'POST /api/me/discount-codes/{id}/deactivate': () => ({
    url: `/api/me/discount-codes/${NIL}/deactivate`,
  }),
  'POST /api/admin/payouts/send': () => ({ url: '/api/admin/payouts/send', payload: { ids: [NIL] } }),
  'POST /api/admin/payouts/{id}/paid': () => ({
    url: `/api/admin/payouts/${NIL}/paid`,
    payload: { transfer_ref: 'FT123' },
  }),
  'POST /api/admin/payouts/{id}/failed': () => ({
    url: `/api/admin/payouts/${NIL}/failed`,
    payload: { reason: 'Closed account' },
  }),
  'PUT /api/me/tax-profile': () => ({
    url: '/api/me/tax-profile',
    payload: {
      kind: 'company',
      legal_name: 'Cong ty Luong Viet',
      tax_id: '0109876543',
      address: '1 Trang Tien',
    },
  }),
  // profiles and accounts
  'PUT /api/profile/me': () => ({ url: '/api/profile/me', payload: {} }),
  'POST /api/profile/me/avatar': () => ({ url: '/api/profile/me/avatar' }),
  'DELETE /api/profile/me/avatar': () => ({ url: '/api/profile/me/avatar' }),
  'POST /api/profile/me/export': () => ({ url: '/api/profile/me/export' }),
  'POST /api/profile/me/delete-link': () => ({ url: '/api/profile/me/delete-link' }),
  'POST /api/profile/me/delete': () => ({
    url: '/api/profile/me/delete',
    payload: { password: 'not the password' },
  }),
  // n8n
  'POST /api/n8n/keys': () => ({ url: '/api/n8n/keys', payload: {} }),
  'DELETE /api/n8n/keys/{id}': (f) => ({ url: `/api/n8n/keys/${f.n8nKeyId}` }),
  'POST /api/me/n8n-connections': () => ({
    url: '/api/me/n8n-connections',
    payload: { base_url: 'https://203.0.113.10', api_key: 'matrix-n8n-api-key' },
  }),
  'POST /api/me/n8n-connections/{id}/test': (f) => ({
    url: `/api/me/n8n-connections/${f.n8nConnectionId}/test`,
  }),
  'DELETE /api/me/n8n-connections/{id}': (f) => ({ url: `/api/me/n8n-connections/${f.n8nConnectionId}` }),
  'POST /api/workflows/{id}/send-to-n8n': (f) => ({
    url: `/api/workflows/${f.workflowId}/send-to-n8n`,
    payload: { connection_id: f.n8nConnectionId },
  }),
  // Make
  'POST /api/me/make-connections': () => ({
    url: '/api/me/make-connections',
    payload: { zone: 'eu1.make.com', token: 'matrix-make-token', team_id: 1 },
  }),
  'POST /api/me/make-connections/{id}/test': (f) => ({
    url: `/api/me/make-connections/${f.makeConnectionId}/test`,
  }),
  'DELETE /api/me/make-connections/{id}': (f) => ({ url: `/api/me/make-connections/${f.makeConnectionId}` }),
  'POST /api/workflows/{id}/send-to-make': (f) => ({
    url: `/api/workflows/${f.workflowId}/send-to-make`,
    payload: { connection_id: f.makeConnectionId },
  }),
  // contact and translation
  'POST /api/contact': () => ({
    url: '/api/contact',
    payload: {
      full_name: 'Visitor',
      email: 'visitor@example.test',
      subject: 'A question about selling',
      message: 'How do payouts work for sellers in Vietnam?',
    },
  }),
  'POST /api/translate': () => ({ url: '/api/translate', payload: { texts: ['Hello'], target: 'vi' } }),
  // consent and data requests (the caller's own: no other user's resource is named)
  'PUT /api/me/consents': () => ({
    url: '/api/me/consents',
    payload: { purpose: 'marketing', granted: true },
  }),
  'POST /api/me/privacy-requests': () => ({
    url: '/api/me/privacy-requests',
    payload: { kind: 'objection', details: 'I object to this processing.' },
  }),
  'POST /api/admin/privacy-requests/{id}/answer': () => ({
    url: `/api/admin/privacy-requests/${NIL}/answer`,
    payload: { status: 'done', answer: 'Done.' },
  }),
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

// The app is built while the tests are collected: its routes' declared access decides which tests run.
const ctx: TestContext = await createTestApp({
  app: { testGatewayIpn: injectedIpn(() => ctx.app), translator: null },
});
type Operation = { 'x-access'?: Access };
const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
/** Every operation of the document (`POST /api/workflows/{id}/versions`) with its declared access. */
const operations = Object.entries(paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    write: WRITE_METHODS.has(method),
    access: operation['x-access'],
  })),
);
const writeRoutes = operations.filter((operation) => operation.write);

let fixture: Fixture;
let other: TestSession;

beforeAll(async () => {
  const author = await signedInUser(ctx);
  const rater = await signedInUser(ctx);
  other = await signedInUser(ctx);
  const free = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, title: 'Matrix free' });
  const paid = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.user.id,
    title: 'Matrix paid',
    price: 99_000,
  });
  const call = (method: string, url: string, session: TestSession, payload?: unknown) =>
    ctx.app.inject({ method: method as 'POST', url, headers: session.headers, payload: payload as object });

  expect((await call('GET', `/api/workflows/${free.id}/download`, rater)).statusCode).toBe(200);
  const review = await call('POST', `/api/workflows/${free.id}/reviews`, rater, { rating: 5, body: 'Good' });
  expect(review.statusCode).toBe(201);
  const key = await call('POST', '/api/n8n/keys', author, { label: 'Office' });
  expect(key.statusCode).toBe(201);
  // A public documentation address (TEST-NET-3): saved without being called.
  const n8nConnection = await call('POST', '/api/me/n8n-connections', author, {
    base_url: 'https://203.0.113.10',
    api_key: 'matrix-n8n-api-key',
  });
  expect(n8nConnection.statusCode).toBe(200);
  const makeConnection = await call('POST', '/api/me/make-connections', author, {
    zone: 'eu1.make.com',
    token: 'matrix-make-token',
    team_id: 1,
  });
  expect(makeConnection.statusCode).toBe(201);
  const bundle = await call('POST', '/api/bundles', author, {
    title: 'Matrix bundle',
    price: 50_000,
    workflow_ids: [free.id, paid.id],
  });
  expect(bundle.statusCode).toBe(201);
  const { code } = await buyThroughTestGateway(ctx, rater, paid.id);
  fixture = {
    bundleId: bundle.json().id,
    workflowId: free.id,
    reviewId: review.json().id,
    orderCode: code,
    n8nKeyId: key.json().key.id ?? key.json().id,
    n8nConnectionId: n8nConnection.json().id,
    makeConnectionId: makeConnection.json().id,
    authorId: author.user.id,
  };
});

afterAll(async () => {
  await ctx?.close();
});

function send(key: string, session: TestSession | null) {
  const [method, path] = key.split(' ') as [string, string];
  const { url, payload } = REQUESTS[key]!(fixture);
  expect(url.replace(/\/[^/]+/g, '/x')).toBe(path.replace(/\/[^/]+/g, '/x'));
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: session ? session.headers : { origin: ctx.env.PUBLIC_URL },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

describe('authorization matrix', () => {
  it('has a request for every write route of the OpenAPI document (and nothing it does not have)', () => {
    const keys = writeRoutes.map((route) => route.key);
    expect(keys.filter((key) => !(key in REQUESTS))).toEqual([]);
    expect(Object.keys(REQUESTS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('documents the access of every operation, and /api/admin/ is for admins only', () => {
    expect(operations.filter((operation) => !operation.access).map((operation) => operation.key)).toEqual([]);
    const admin = operations.filter((operation) => operation.key.split(' ')[1]!.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(0);
    expect(
      admin.filter((operation) => operation.access?.kind !== 'admin').map((operation) => operation.key),
    ).toEqual([]);
  });

  const entries = writeRoutes.flatMap(({ key, access }) => (access ? [[key, { access }] as const] : []));

  describe('anonymous', () => {
    for (const [key, route] of entries) {
      if (route.access.kind === 'public') {
        it(`may call ${key} (${route.access.reason})`, async () => {
          const response = await send(key, null);
          expect([401, 403]).not.toContain(response.statusCode);
        });
      } else {
        it(`gets 401 from ${key}`, async () => {
          const response = await send(key, null);
          expect(response.statusCode).toBe(401);
          expect(response.json().error.code).toBe('UNAUTHENTICATED');
        });
      }
    }
  });

  describe('anonymous with input no route would accept', () => {
    // The session is checked before the input: a stranger learns nothing of what a route takes.
    for (const [key] of entries.filter(([, route]) => route.access.kind !== 'public')) {
      it(`gets 401, not 400, from ${key}`, async () => {
        const [method] = key.split(' ') as [string, string];
        const { url } = REQUESTS[key]!(fixture);
        const response = await ctx.app.inject({
          method: method as 'POST',
          url: url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|FB[\w-]+/gi, 'not-an-id'),
          headers: { origin: ctx.env.PUBLIC_URL },
          ...(method === 'DELETE' ? {} : { payload: [0] }),
        });
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHENTICATED');
      });
    }
  });

  describe('another user', () => {
    for (const [key] of entries.filter(([, route]) => route.access.kind === 'owner')) {
      it(`cannot use ${key} on someone else's resource`, async () => {
        const response = await send(key, other);
        expect([403, 404]).toContain(response.statusCode);
      });
    }
  });

  describe('a signed-in non-admin', () => {
    for (const [key] of entries.filter(([, route]) => route.access.kind === 'admin')) {
      it(`gets 403 from ${key}`, async () => {
        const response = await send(key, other);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      });
    }
  });
});
