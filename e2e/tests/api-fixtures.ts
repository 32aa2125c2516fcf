/**
 * Fixtures that make users, workflows and orders through the API (issue 13), so a journey spends
 * its time on what it is about. Signing up, logging in and publishing through the UI each have a
 * journey of their own (signed-in.spec.ts, accounts.spec.ts, seller-tools.spec.ts).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { clientAddressHeader, expect, prepareJourneyPage, test as base, type UiLanguage } from './fixtures';
import { chainExport, confirmedAccount, screenshotPng, uniqueEmail, uploadByApi } from './signed-in-helpers';

/** A confirmed account, signed in in a browser of its own (its own client address). */
export interface ApiUser {
  email: string;
  context: BrowserContext;
  /** A page of that browser, prepared as the `page` fixture is (stored language, waits for hydration). */
  page: Page;
  /** Shares the browser's cookies: requests are the user's. */
  request: APIRequestContext;
  /** The bearer token of the same session. */
  token: string;
}

export interface WorkflowSpec {
  author: ApiUser;
  title: string;
  price?: number;
  description?: string;
  /** The n8n export; a clean two-step one (schedule → Gmail) by default. */
  file?: string;
  /** A cover image: a paid workflow needs one (default: a screenshot of the author's page). */
  cover?: boolean;
}

export interface PublishedWorkflow {
  id: string;
  slug: string;
  title: string;
  path: string;
}

interface ApiFixtures {
  /**
   * A new confirmed and signed-in account: `{ email }` for a given address (an admin), else `{ label }`;
   * `name` and `locale` (the language of its e-mails) as given at sign-up.
   */
  apiUser: (options?: {
    email?: string;
    label?: string;
    name?: string;
    locale?: UiLanguage;
  }) => Promise<ApiUser>;
  /** A workflow submitted by its author, waiting for review. */
  pendingWorkflow: (spec: WorkflowSpec) => Promise<PublishedWorkflow>;
  /** A workflow submitted by its author and approved by `admin`: listed. */
  listedWorkflow: (spec: WorkflowSpec & { admin: ApiUser }) => Promise<PublishedWorkflow>;
  /** `buyer` pays for the workflow on the built-in test gateway; answers the order code. */
  paidOrder: (buyer: ApiUser, workflowId: string) => Promise<string>;
}

export const test = base.extend<ApiFixtures>({
  apiUser: async ({ browser, uiLanguage, baseURL }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ email, label = 'user', name, locale } = {}) => {
      const address = email ?? uniqueEmail(label, testInfo.project.name);
      // The project's device and viewport are inherited; each person comes from an address of their own.
      const context = await browser.newContext({ extraHTTPHeaders: clientAddressHeader() });
      contexts.push(context);
      const token = await confirmedAccount(context.request, address, baseURL!, { name, locale });
      const page = await context.newPage();
      await prepareJourneyPage(page, uiLanguage, baseURL!, true);
      return { email: address, context, page, request: context.request, token };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  pendingWorkflow: async ({ baseURL }, use) => {
    await use((spec) => submit(spec, baseURL!));
  },

  listedWorkflow: async ({ baseURL }, use) => {
    await use(async (spec) => {
      const workflow = await submit(spec, baseURL!);
      const approved = await spec.admin.request.post(`/api/admin/workflows/${workflow.id}/approve`, {
        headers: { origin: baseURL! },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      return workflow;
    });
  },

  paidOrder: async ({ baseURL }, use) => {
    await use(async (buyer, workflowId) => {
      const origin = { origin: baseURL! };
      const placed = await buyer.request.post('/api/orders', {
        headers: origin,
        data: { workflow_id: workflowId, provider: 'test' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { redirect_url, order } = (await placed.json()) as {
        redirect_url: string;
        order: { code: string };
      };
      const paid = await buyer.request.post('/api/payments/test-gateway/complete', {
        headers: origin,
        data: { params: Object.fromEntries(new URL(redirect_url).searchParams), outcome: 'pay' },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      return order.code;
    });
  },
});

export { expect };

async function submit(spec: WorkflowSpec, origin: string): Promise<PublishedWorkflow> {
  const { author, title, price = 0 } = spec;
  const file =
    spec.file ??
    chainExport(title, [
      { name: 'scheduleTrigger', type: 'n8n-nodes-base.scheduleTrigger' },
      { name: 'gmail', type: 'n8n-nodes-base.gmail' },
    ]);
  const fileUrl = await uploadByApi(author.request, origin, 'workflows', {
    name: 'flow.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  const coverUrl =
    (spec.cover ?? price > 0)
      ? await uploadByApi(author.request, origin, 'covers', {
          name: 'cover.png',
          mimeType: 'image/png',
          buffer: await screenshotPng(author.page),
        })
      : undefined;
  const created = await author.request.post('/api/workflows', {
    headers: { origin },
    data: {
      title,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      price,
      file_url: fileUrl,
      ...(coverUrl ? { cover_image_url: coverUrl } : {}),
      category_ids: ['n8n'],
      subcategory_ids: ['productivity'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  return { id, slug, title, path: `/workflows/${slug}-${id}` };
}
