import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, uniqueAddress } from '../../test/auth.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const call = sessionCaller(() => ctx);
const RLO = '\u202E';
const PDF = '\u202C';

// Titles: the shared schema's test (packages/domain/src/bidi.test.ts).
describe('bidirectional controls sent in a name', () => {
  it('are not kept in a profile name, nor in the name given at sign-up', async () => {
    const member = await signedInUser(ctx);
    const update = await call('PUT', '/api/profile/me', member, {
      full_name: `\u2067Lan ${RLO}nimda${PDF}\u2069`,
      display_name: `${RLO}nimda`,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ full_name: 'Lan nimda', display_name: 'nimda' });

    const email = `bidi-${Date.now()}@example.test`;
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: uniqueAddress(),
      payload: { email, password: 'correct horse battery', name: `Minh ${RLO}nimda` },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.json().user.name).toBe('Minh nimda');
  });
});
