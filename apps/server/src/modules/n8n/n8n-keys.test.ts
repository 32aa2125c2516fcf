import { N8N_MAX_KEYS } from '@flowbay/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import {
  authPost,
  changePassword,
  linkPath,
  readOutbox,
  sessionCaller,
  signIn,
  signUpAndVerify,
  TEST_PASSWORD,
} from '../../test/auth.ts';
import { createLibraryKey } from '../../test/n8n.ts';

const ctx = useTestApp();
const call = sessionCaller(() => ctx);

/** What n8n's health probe of the templates host answers for this key. */
async function probe(key: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/n8n/k/${key}/health` });
  return [response.statusCode, response.json().error?.code ?? response.json().status];
}

describe('a new password ends the library keys', () => {
  it('changing the password revokes every key of that account, and no one else’s', async () => {
    const owner = await signUpAndVerify(ctx);
    const other = await signUpAndVerify(ctx);
    const keys = [await createLibraryKey(ctx, owner, 'Office'), await createLibraryKey(ctx, owner, 'Home')];
    const othersKey = await createLibraryKey(ctx, other);
    for (const key of keys) expect(await probe(key)).toEqual([200, 'OK']);

    const changed = await changePassword(ctx, owner, TEST_PASSWORD, 'quiet harbour violet 51');
    expect(changed.statusCode, changed.body).toBe(200);

    for (const key of keys) expect(await probe(key)).toEqual([401, 'N8N_KEY_INVALID']);
    expect(await probe(othersKey)).toEqual([200, 'OK']);
    const fresh = await signIn(ctx, owner.user.email, 'quiet harbour violet 51');
    expect((await call('GET', '/api/n8n/keys', fresh)).json()).toEqual([]);
    // A key made after the change works.
    expect(await probe(await createLibraryKey(ctx, fresh))).toEqual([200, 'OK']);
  });

  it('a wrong current password changes nothing: the keys keep working', async () => {
    const owner = await signUpAndVerify(ctx);
    const key = await createLibraryKey(ctx, owner);
    const refused = await changePassword(ctx, owner, 'not my password', 'quiet harbour violet 51');
    expect(refused.statusCode).toBe(400);
    expect(await probe(key)).toEqual([200, 'OK']);
  });

  it('resetting a forgotten password revokes them too', async () => {
    const owner = await signUpAndVerify(ctx);
    const key = await createLibraryKey(ctx, owner);
    const asked = await authPost(ctx, '/request-password-reset', {
      email: owner.user.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    const link = linkPath(readOutbox(ctx, owner.user.email).at(-1)!.link!);
    const token = /\/reset-password\/([^/?]+)/.exec(link)![1]!;
    const reset = await authPost(ctx, '/reset-password', { token, newPassword: 'a brand new secret' });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await probe(key)).toEqual([401, 'N8N_KEY_INVALID']);
  });
});

describe('the key limit', () => {
  it(`holds under ${3 * N8N_MAX_KEYS} parallel creations: exactly ${N8N_MAX_KEYS} keys, the rest refused`, async () => {
    const owner = await signUpAndVerify(ctx);
    const answers = await Promise.all(
      Array.from({ length: 3 * N8N_MAX_KEYS }, (_, index) =>
        call('POST', '/api/n8n/keys', owner, { label: `n8n ${index}` }),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(created).toHaveLength(N8N_MAX_KEYS);
    expect(refused.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual(
      Array.from({ length: 2 * N8N_MAX_KEYS }, () => [409, 'N8N_KEY_LIMIT']),
    );
    expect((await call('GET', '/api/n8n/keys', owner)).json()).toHaveLength(N8N_MAX_KEYS);
    for (const answer of created) expect(await probe(answer.json().key)).toEqual([200, 'OK']);

    // Revoking one makes room for exactly one more.
    const [first] = (await call('GET', '/api/n8n/keys', owner)).json();
    expect((await call('DELETE', `/api/n8n/keys/${first.id}`, owner)).statusCode).toBe(204);
    const again = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/n8n/keys', owner, { label: 'again' })),
    );
    expect(again.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
