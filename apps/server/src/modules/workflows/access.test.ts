import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../infra/request-viewer.ts';
import { canSeeWorkflow } from './access.ts';

const user = (id: string, kind: 'user' | 'admin' = 'user'): Viewer => ({
  kind,
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  sessionId: `session-${id}`,
});
const author = user('author');
const stranger = user('stranger');
const admin = user('admin', 'admin');

/** Who of anonymous, a stranger, the author, an admin and a buyer sees the workflow. */
async function seers(workflow: { status: string; deletedAt: Date | null }) {
  const asked: string[] = [];
  const hasPurchased = async (userId: string) => {
    asked.push(userId);
    return userId === 'buyer';
  };
  const viewers = { anonymous: ANONYMOUS, stranger, author, admin, buyer: user('buyer') };
  const seen: string[] = [];
  for (const [name, viewer] of Object.entries(viewers)) {
    if (await canSeeWorkflow(viewer, { userId: 'author', ...workflow }, hasPurchased)) seen.push(name);
  }
  return { seen, asked };
}

describe('who may see a workflow', () => {
  it('anyone sees a listed one, without a purchase being looked up', async () => {
    expect(await seers({ status: 'listed', deletedAt: null })).toEqual({
      seen: ['anonymous', 'stranger', 'author', 'admin', 'buyer'],
      asked: [],
    });
  });

  it.each(['pending', 'rejected', 'unlisted'])('only its author and admins see a %s one', async (status) => {
    expect((await seers({ status, deletedAt: null })).seen).toEqual(['author', 'admin']);
  });

  it('only admins and its buyers see a deleted one, its author included', async () => {
    expect(await seers({ status: 'listed', deletedAt: new Date() })).toEqual({
      seen: ['admin', 'buyer'],
      asked: ['stranger', 'author', 'buyer'],
    });
  });
});
