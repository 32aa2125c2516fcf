import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import type { TestSession } from './auth.ts';

/** A new n8n library key of the session's user, through the API (the only time the key itself is shown). */
export async function createLibraryKey(ctx: TestContext, session: TestSession, label = 'Office n8n') {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/n8n/keys',
    headers: session.headers,
    payload: { label },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().key as string;
}
