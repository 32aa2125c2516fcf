import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowCard, WorkflowList } from '@flowbay/domain';
import { user } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signInAs, signedInUser } from '../../test/auth.ts';
import { addPurchase, createUser, createWorkflow } from '../../test/factories.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
const DAY = 24 * 60 * 60 * 1000;

async function list(query: string): Promise<WorkflowList> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const titles = (result: WorkflowList) => result.workflows.map((workflow: WorkflowCard) => workflow.title);

beforeAll(async () => {
  ctx = await createTestApp();
  const author = await createUser(ctx.db, { name: 'Nguyễn Văn An' });
  const other = await createUser(ctx.db);
  const now = Date.now();
  const make = async (key: string, input: Parameters<typeof createWorkflow>[2]) => {
    ids[key] = (await createWorkflow(ctx.db, ctx.storage, input)).id;
  };
  // The listed catalogue, one row per workflow: created `daysAgo` days ago, oldest first.
  const slack = { key: 'slack', name: 'Slack' };
  const sheets = { key: 'google-sheets', name: 'Google Sheets' };
  // key, author, title, price, views, platform, use cases, apps, days ago
  // prettier-ignore
  const listed = [
    ['quanly', author, 'Quản lý đơn hàng tự động', 0, 50, 'n8n', ['ecommerce', 'sales-crm'], [slack], 5],
    ['danang', author, 'Weather alerts for da nang', 99_999, 10, 'make', ['productivity'], [], 4],
    ['invoice', other, 'Invoice extraction to Google Sheets', 100_000, 300, 'n8n', ['finance', 'documents'], [sheets], 3],
    ['crm', other, 'Route leads to the CRM', 499_999, 300, 'zapier', ['sales-crm'], [], 2],
    ['premium', other, 'Premium marketing suite', 500_000, 5, 'make', ['marketing'], [], 1],
  ] as const;
  for (const [key, owner, title, price, views, platform, useCases, apps, daysAgo] of listed) {
    await make(key, {
      userId: owner.id,
      title,
      price,
      views,
      platform,
      useCases: [...useCases],
      ...(apps.length > 0 ? { apps: [...apps] } : {}),
      createdAt: new Date(now - daysAgo * DAY),
    });
  }
  await make('pending', { userId: author.id, title: 'Pending secret workflow', status: 'pending' });
  await make('rejected', { userId: author.id, title: 'Rejected workflow', status: 'rejected' });
  await make('unlisted', { userId: other.id, title: 'Unlisted workflow', status: 'unlisted' });
  await make('deleted', { userId: other.id, title: 'Deleted workflow', deleted: true });
  ids.author = author.id;
});
afterAll(() => ctx.close());

describe('GET /api/workflows', () => {
  it('lists only listed workflows, newest first, with totals', async () => {
    const result = await list('');
    expect(titles(result)).toEqual([
      'Premium marketing suite',
      'Route leads to the CRM',
      'Invoice extraction to Google Sheets',
      'Weather alerts for da nang',
      'Quản lý đơn hàng tự động',
    ]);
    expect(result.totalCount).toBe(5);
    expect(result.filteredCount).toBe(5);
    expect(result.pageSize).toBe(12);
  });

  it('shapes cards with the public contract field names and the real author', async () => {
    const [card] = (await list('?search=quan ly')).workflows;
    expect(card).toMatchObject({
      id: ids.quanly,
      slug: 'quan-ly-don-hang-tu-dong',
      price: 0,
      version: '1.0',
      profiles: { full_name: 'Nguyễn Văn An' },
      categories: [{ id: 'n8n', name: 'n8n' }],
      node_summary: { platform: 'n8n', apps: [{ key: 'slack', name: 'Slack', count: 1 }] },
    });
    expect(card!.workflow_subcategories.map((item) => item.subcategory_id).sort()).toEqual([
      'ecommerce',
      'sales-crm',
    ]);
    expect(card).not.toHaveProperty('file_url');
  });

  it.each([
    [
      'created_at_asc',
      [
        'Quản lý đơn hàng tự động',
        'Weather alerts for da nang',
        'Invoice extraction to Google Sheets',
        'Route leads to the CRM',
        'Premium marketing suite',
      ],
    ],
    [
      'views_desc',
      [
        'Route leads to the CRM',
        'Invoice extraction to Google Sheets',
        'Quản lý đơn hàng tự động',
        'Weather alerts for da nang',
        'Premium marketing suite',
      ],
    ],
    [
      'views_asc',
      [
        'Premium marketing suite',
        'Weather alerts for da nang',
        'Quản lý đơn hàng tự động',
        'Invoice extraction to Google Sheets',
        'Route leads to the CRM',
      ],
    ],
    [
      'price_asc',
      [
        'Quản lý đơn hàng tự động',
        'Weather alerts for da nang',
        'Invoice extraction to Google Sheets',
        'Route leads to the CRM',
        'Premium marketing suite',
      ],
    ],
    [
      'price_desc',
      [
        'Premium marketing suite',
        'Route leads to the CRM',
        'Invoice extraction to Google Sheets',
        'Weather alerts for da nang',
        'Quản lý đơn hàng tự động',
      ],
    ],
  ])('sorts by %s', async (sort, expected) => {
    const result = await list(`?sort=${sort}`);
    // views ties (300/300) are broken by id, so compare the set for the tied pair and the rest in order
    if (sort.startsWith('views')) {
      expect(
        new Set(titles(result).slice(sort === 'views_desc' ? 0 : 3, sort === 'views_desc' ? 2 : 5)),
      ).toEqual(new Set(['Route leads to the CRM', 'Invoice extraction to Google Sheets']));
      expect(titles(result).filter((title) => !title.includes('CRM') && !title.includes('Invoice'))).toEqual(
        expected.filter((title) => !title.includes('CRM') && !title.includes('Invoice')),
      );
    } else {
      expect(titles(result)).toEqual(expected);
    }
  });

  it.each([
    ['free', ['Quản lý đơn hàng tự động']],
    [
      'paid',
      [
        'Premium marketing suite',
        'Route leads to the CRM',
        'Invoice extraction to Google Sheets',
        'Weather alerts for da nang',
      ],
    ],
    ['under-100k', ['Weather alerts for da nang']],
    ['100k-500k', ['Route leads to the CRM', 'Invoice extraction to Google Sheets']],
    ['over-500k', ['Premium marketing suite']],
  ])('filters by price band %s (boundaries in docs/decisions)', async (price, expected) => {
    const result = await list(`?price=${price}`);
    expect(titles(result)).toEqual(expected);
    expect(result.filteredCount).toBe(expected.length);
    expect(result.totalCount).toBe(5);
  });

  it('filters by platform and by use case, and combines filters', async () => {
    expect(titles(await list('?category=make'))).toEqual([
      'Premium marketing suite',
      'Weather alerts for da nang',
    ]);
    expect(titles(await list('?subcategory=sales-crm'))).toEqual([
      'Route leads to the CRM',
      'Quản lý đơn hàng tự động',
    ]);
    expect(titles(await list('?subcategory=sales-crm&category=zapier&price=paid'))).toEqual([
      'Route leads to the CRM',
    ]);
    expect((await list('?category=unknown')).filteredCount).toBe(0);
  });

  it('filters by author, showing the public only their listed workflows', async () => {
    const result = await list(`?user_id=${ids.author}`);
    expect(titles(result)).toEqual(['Weather alerts for da nang', 'Quản lý đơn hàng tự động']);
    expect(result.totalCount).toBe(2);
  });

  it('pages without repeating or skipping, even across ties', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 3; page += 1) {
      const result = await list(`?sort=views_desc&limit=2&page=${page}`);
      expect(result.filteredCount).toBe(5);
      seen.push(...result.workflows.map((workflow) => workflow.id));
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect((await list('?page=9')).workflows).toEqual([]);
  });

  it('serves the featured list: 8 most viewed', async () => {
    const result = await list('?sort=views_desc&limit=8');
    expect(result.workflows[0]!.views).toBe(300);
    expect(result.workflows.length).toBe(5);
  });
});

describe('search', () => {
  it('is accent-insensitive both ways', async () => {
    expect(titles(await list('?search=quan%20ly'))).toEqual(['Quản lý đơn hàng tự động']);
    expect(titles(await list(`?search=${encodeURIComponent('QUẢN LÝ')}`))).toEqual([
      'Quản lý đơn hàng tự động',
    ]);
    expect(titles(await list(`?search=${encodeURIComponent('Đà Nẵng')}`))).toEqual([
      'Weather alerts for da nang',
    ]);
  });

  it('matches word prefixes while typing', async () => {
    expect(titles(await list('?search=invo'))).toEqual(['Invoice extraction to Google Sheets']);
    expect(titles(await list('?search=don%20ha'))).toEqual(['Quản lý đơn hàng tự động']);
  });

  it('tolerates small typos, word by word', async () => {
    expect(titles(await list('?search=invoise'))).toContain('Invoice extraction to Google Sheets');
    expect(titles(await list('?search=weathr'))).toContain('Weather alerts for da nang');
    expect(titles(await list('?search=quan%20lyy%20donn'))).toEqual(['Quản lý đơn hàng tự động']);
    expect((await list('?search=zzzzqqq')).filteredCount).toBe(0);
  });

  it('finds workflows by the apps they use', async () => {
    expect(titles(await list('?search=slack'))).toEqual(['Quản lý đơn hàng tự động']);
    expect(titles(await list('?search=google%20sheets'))).toEqual(['Invoice extraction to Google Sheets']);
  });

  it('finds workflows by use-case names in either language', async () => {
    expect(titles(await list(`?search=${encodeURIComponent('tài chính')}`))).toEqual([
      'Invoice extraction to Google Sheets',
    ]);
  });

  it('ranks the best match first', async () => {
    const result = await list('?search=crm');
    expect(result.workflows[0]!.title).toBe('Route leads to the CRM');
  });

  it('never shows unlisted workflows', async () => {
    expect((await list('?search=pending')).filteredCount).toBe(0);
    expect((await list('?search=rejected')).filteredCount).toBe(0);
    expect((await list('?search=unlisted')).filteredCount).toBe(0);
    expect((await list('?search=deleted')).filteredCount).toBe(0);
  });

  it('treats punctuation-only searches as no filter instead of failing', async () => {
    expect((await list(`?search=${encodeURIComponent("'&|!:*()")}`)).filteredCount).toBe(5);
  });
});

describe('bad input', () => {
  it.each([
    ['sort=random', 'sort'],
    ['price=cheap', 'price'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['limit=1000', 'limit'],
    [`search=${'a'.repeat(201)}`, 'search'],
  ])('answers 400 VALIDATION_FAILED for %s', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('answers in Vietnamese when asked', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/workflows?sort=x',
      headers: { 'accept-language': 'vi-VN,vi;q=0.9' },
    });
    expect(response.json().error.message).toContain('không hợp lệ');
  });

  it('answers 400 naming the id when it is longer than any real one', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${'x'.repeat(250)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000', '12345678', '%00'])(
    'answers 404 WORKFLOW_NOT_FOUND for the id %s',
    async (id) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/workflows/${encodeURIComponent(id)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('WORKFLOW_NOT_FOUND');
    },
  );

  it('answers 404 for an unknown API path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/workflows/:id', () => {
  it('finds a listed workflow by id, by slug-id, by bare slug and by number', async () => {
    const byId = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.invoice}` })).json();
    expect(byId.title).toBe('Invoice extraction to Google Sheets');
    const bySlugId = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${byId.slug}-${byId.id}` });
    expect(bySlugId.json().id).toBe(ids.invoice);
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${byId.slug}` });
    expect(bySlug.json().id).toBe(ids.invoice);
    const byNumber = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${byId.number}` });
    expect(byNumber.json().id).toBe(ids.invoice);
  });

  it('hides pending, rejected, unlisted and deleted workflows from the public', async () => {
    for (const key of ['pending', 'rejected', 'unlisted', 'deleted']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids[key]}` });
      expect(response.statusCode, key).toBe(404);
      const versions = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids[key]}/versions` });
      expect(versions.statusCode, key).toBe(404);
      const reviews = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids[key]}/reviews` });
      expect(reviews.statusCode, key).toBe(404);
    }
  });

  it('finds the versions of a listed workflow by its id, number or slug alike', async () => {
    const workflow = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.quanly}` })).json();
    const answers = await Promise.all(
      [workflow.id, String(workflow.number), workflow.slug].map(async (ref) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ref}/versions` })).json(),
      ),
    );
    expect(answers[0]).toHaveLength(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('gives a free workflow a download URL and a paid one none', async () => {
    const free = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.quanly}` })).json();
    expect(free.file_url).toBe(`/api/workflows/${ids.quanly}/download`);
    expect(free.access).toMatchObject({ can_download: true, reason: 'free' });
    const paid = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.premium}` })).json();
    expect(paid.file_url).toBeNull();
    expect(paid.workflow_data).toBeNull();
    expect(paid.access).toMatchObject({ can_download: false, reason: 'payment_required' });
  });

  it('lists versions, with file links only where the file may be had', async () => {
    const free = (
      await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.quanly}/versions` })
    ).json();
    expect(free).toHaveLength(1);
    expect(free[0]).toMatchObject({ version: '1.0', is_current: true });
    expect(free[0].file_url).toMatch(/\/download$/);
    const paid = (
      await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.premium}/versions` })
    ).json();
    expect(paid[0].file_url).toBeNull();
  });

  it('lists a workflow platform links', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/workflow-categories?workflow_id=${ids.danang}`,
    });
    expect(response.json()).toEqual([
      { workflow_id: ids.danang, category_id: 'make', categories: { name: 'Make', name_vi: 'Make' } },
    ]);
  });
});

describe('downloads (anonymous)', () => {
  it('serves a free workflow as title.json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.quanly}/download` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="quan-ly-don-hang-tu-dong.json"');
    expect(JSON.parse(response.body).name).toBe('Factory workflow');
  });

  it('refuses a paid workflow without an entitlement', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.premium}/download` });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('PAYMENT_REQUIRED');
  });

  it('never serves workflow files from the public files route', async () => {
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/files/workflows/${ids.author}/anything.json`,
    });
    expect(detail.statusCode).toBe(404);
  });
});

describe('views', () => {
  it('counts one view per visitor per workflow per day', async () => {
    const view = (ua: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/workflows/${ids.danang}/views`,
        headers: { 'user-agent': ua },
      });
    const first = (await view('browser-a')).json();
    expect(first).toEqual({ views: 11, counted: true });
    expect((await view('browser-a')).json()).toEqual({ views: 11, counted: false });
    expect((await view('browser-b')).json()).toEqual({ views: 12, counted: true });
  });

  it('does not double-count concurrent requests from one visitor', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/workflows/${ids.crm}/views`,
          headers: { 'user-agent': 'burst' },
        }),
      ),
    );
    expect(responses.filter((response) => response.json().counted)).toHaveLength(1);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.crm}` })).json();
    expect(detail.views).toBe(301);
  });

  it('does not count views of hidden workflows', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/workflows/${ids.pending}/views` });
    expect(response.statusCode).toBe(404);
  });
});

describe('taxonomy, profiles and stats', () => {
  it('lists the platforms and use cases in both languages', async () => {
    const platforms = (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json();
    expect(platforms.map((item: { id: string }) => item.id)).toEqual(['n8n', 'make', 'zapier']);
    const useCases = (await ctx.app.inject({ method: 'GET', url: '/api/subcategories' })).json();
    expect(useCases.length).toBeGreaterThanOrEqual(12);
    expect(useCases.find((item: { id: string }) => item.id === 'finance')).toEqual({
      id: 'finance',
      name: 'Finance & accounting',
      name_vi: 'Tài chính & kế toán',
    });
  });

  it('answers author stats with listed workflows only', async () => {
    const stats = (await ctx.app.inject({ method: 'GET', url: `/api/author-stats/${ids.author}` })).json();
    expect(stats).toEqual({ workflowCount: 2, totalFavorites: 0, ratingAverage: null, ratingCount: 0 });
  });

  it('shows a public profile without the e-mail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/profile/${ids.author}` });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: ids.author,
      full_name: 'Nguyễn Văn An',
      workflow_count: 2,
      total_nodes: 2,
    });
    expect(JSON.stringify(profile)).not.toContain('@');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/profile/nobody' });
    expect(missing.json().error.code).toBe('PROFILE_NOT_FOUND');
  });

  it('reports health and serves OpenAPI', async () => {
    const health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.status).toBe('ok');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().paths).toHaveProperty('/api/workflows');
  });
});

describe('catalogue page cache', () => {
  it('serves repeated anonymous pages from cache and drops it after a catalogue write', async () => {
    // An address no other test reads, so the first request is sure to miss.
    const page = '/api/workflows?sort=views_asc&limit=7';
    const first = await ctx.app.inject({ method: 'GET', url: page });
    const second = await ctx.app.inject({ method: 'GET', url: page });
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // A view is not a catalogue write: every detail page sends one, so it keeps the cache.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/workflows/${ids.premium}/views`,
      headers: { 'user-agent': 'cache-test' },
    });
    const afterView = await ctx.app.inject({ method: 'GET', url: page });
    expect(afterView.headers['x-cache']).toBe('hit');
    const fan = await signedInUser(ctx);
    const favourite = await ctx.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: fan.headers,
      payload: { workflow_id: ids.premium },
    });
    expect(favourite.statusCode).toBeLessThan(300);
    const third = await ctx.app.inject({ method: 'GET', url: page });
    expect(third.headers['x-cache']).toBe('miss');
    expect(third.json().workflows[0].views).toBe(6);
    expect(third.json().workflows[0].favorites_count).toBe(1);
  });
});

describe('detail for the author of a workflow awaiting review', () => {
  it('gives the author the submitted file and the purchase count, and the public neither', async () => {
    const author = await createUser(ctx.db);
    const pending = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.id,
      title: 'Awaiting review free',
      status: 'pending',
    });
    const session = await signInAs(ctx, author);
    const own = (
      await ctx.app.inject({ method: 'GET', url: `/api/workflows/${pending.id}`, headers: session.headers })
    ).json();
    expect(own.file_url).toBe(`/api/workflows/${pending.id}/versions/${pending.version.id}/download`);
    expect(own.purchase_count).toBe(0);
    const file = await ctx.app.inject({ method: 'GET', url: own.file_url, headers: session.headers });
    expect(file.statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${pending.id}` });
    expect(anonymous.statusCode).toBe(404);
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.premium}` })).json();
    expect(listed.purchase_count).toBeNull();
    const buyer = await createUser(ctx.db);
    await addPurchase(ctx.db, buyer.id, pending.id, 0);
    const again = (
      await ctx.app.inject({ method: 'GET', url: `/api/workflows/${pending.id}`, headers: session.headers })
    ).json();
    expect(again.purchase_count).toBe(1);
  });
});

describe("an author's new name on cards served from the search index", () => {
  it('shows up on the next search when another process renames the author', async () => {
    const author = await createUser(ctx.db, { name: 'Trần Thị Bích' });
    await createWorkflow(ctx.db, ctx.storage, { userId: author.id, title: 'Zebracorn rename probe' });
    const authorOf = async (query: string) =>
      (await list(query)).workflows.find((card) => card.user_id === author.id)?.profiles?.full_name;
    expect(await authorOf('?search=zebracorn')).toBe('Trần Thị Bích');
    // Straight to the database, as another server process would: this process's caches are not told.
    await ctx.db.update(user).set({ name: 'Trần Thị Bích Ngọc' }).where(eq(user.id, author.id));
    // Another address, so the page cache (decision 0005) cannot answer.
    expect(await authorOf('?search=zebracorn+probe')).toBe('Trần Thị Bích Ngọc');
  });
});
