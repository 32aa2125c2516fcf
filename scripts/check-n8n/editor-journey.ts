import type { Page } from '@playwright/test';

/** How long to wait for n8n's editor to show something: long enough for a loaded 2-core machine. */
const EDITOR_WAIT = 60_000;

/**
 * The editor journey of `npm run check:n8n`, in n8n's own UI (1.119 and 2.41): set up (or sign in
 * as) the owner, open /templates/, search a Flowbay template, open it, use it (skipping the
 * credential set-up) and find each of its nodes on the canvas; then open a paid one the way "Open
 * in n8n" does and find only the note that it is paid.
 */
export async function editorJourney(
  page: Page,
  n8nUrl: string,
  owner: { email: string; firstName: string; lastName: string; password: string },
  template: { number: number; title: string; nodeNames: string[] },
  paid: { number: number; title: string } | undefined,
  step: (text: string) => void,
) {
  // The editor sends a fresh instance to /setup and a set-up one to /signin (or home when signed in).
  const landed = /\/(setup|signin|home|workflows?)\b/;
  for (let attempt = 0; attempt < 6 && !landed.test(page.url()); attempt++) {
    await page.goto(`${n8nUrl}/`);
    await page.waitForURL(landed, { timeout: 20_000 }).catch(() => undefined);
  }
  if (!landed.test(page.url())) throw new Error(`n8n's editor did not open (still at ${page.url()})`);
  if (page.url().includes('/setup')) {
    step('n8n asked for its owner account: filled in the set-up form');
    await page.locator('input[name=email]').fill(owner.email);
    await page.locator('input[name=firstName]').fill(owner.firstName);
    await page.locator('input[name=lastName]').fill(owner.lastName);
    await page.locator('input[name=password]').fill(owner.password);
    await page.getByRole('button', { name: /^next$/i }).click();
    await page.waitForURL((url) => !url.pathname.includes('/setup'), { timeout: EDITOR_WAIT });
  } else if (page.url().includes('/signin')) {
    step('n8n asked to sign in: signed in as its owner');
    await page.locator('input[name=emailOrLdapLoginId]').fill(owner.email);
    await page.locator('input[type=password]').fill(owner.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.includes('/signin'), { timeout: EDITOR_WAIT });
  }
  await page.goto(`${n8nUrl}/templates/`);
  step(`opened ${n8nUrl}/templates/ (n8n's own template library)`);
  const search = page.getByPlaceholder(/search/i).first();
  await search.waitFor({ timeout: EDITOR_WAIT });
  const words = template.title.split(/\s+/).slice(0, 4).join(' ');
  await search.fill(words);
  step(`searched "${words}"`);
  const card = page.getByText(template.title, { exact: true }).first();
  await card.waitFor({ timeout: EDITOR_WAIT });
  step(`Flowbay's template "${template.title}" is in the results`);
  await card.click();
  await page.waitForURL(new RegExp(`/templates/${template.number}$`), { timeout: EDITOR_WAIT });
  await page.getByText('See it on Flowbay').first().waitFor({ timeout: EDITOR_WAIT });
  step(`opened /templates/${template.number}: Flowbay's description and its link are shown`);
  // n8n 1.x calls the button "Use this workflow", 2.x "Try template".
  const use = page.getByRole('button', { name: /^\s*(use this workflow|try template)\s*$/i }).first();
  await use.waitFor({ timeout: EDITOR_WAIT });
  const label = (await use.innerText()).trim();
  await use.click();
  step(`clicked "${label}"`);
  await page.waitForURL(/\/setup|\/workflows?\//, { timeout: EDITOR_WAIT });
  // With credentials in the workflow, n8n first offers its credential set-up; it can be skipped.
  if (/\/templates\/\d+\/setup/.test(page.url())) {
    step("n8n opened its credential set-up for the template: chose 'Skip'");
    await page.getByText('Skip', { exact: true }).click();
  }
  // 1.x opens /workflow/new?templateId=…; 2.x goes on to the saved workflow's id, keeping templateId.
  await page.waitForURL(/\/workflows?\/(new|templates)|[?&]templateId=/, { timeout: EDITOR_WAIT });
  const canvasNodes = page.locator('[data-test-id="canvas-node"]');
  await canvasNodes.first().waitFor({ timeout: EDITOR_WAIT });
  const { pathname, search: query } = new URL(page.url());
  step(`n8n opened the canvas (${pathname}${query})`);
  const missing: string[] = [];
  for (const name of template.nodeNames) {
    const selector = `[data-test-id="canvas-node"][data-node-name="${name.replace(/["\\]/g, '\\$&')}"]`;
    if ((await page.locator(selector).count()) === 0) missing.push(name);
  }
  if (missing.length > 0) throw new Error(`nodes missing on the canvas: ${missing.join(', ')}`);
  step(`the canvas shows all ${template.nodeNames.length} nodes: ${template.nodeNames.join(', ')}`);

  if (paid) {
    // What "Open in n8n" on Flowbay opens: n8n's direct template route, here for a paid workflow.
    await page.goto(`${n8nUrl}/workflows/templates/${paid.number}`);
    step(`opened /workflows/templates/${paid.number} ("Open in n8n" of the paid "${paid.title}")`);
    await page
      .getByText('This is a paid workflow', { exact: false })
      .first()
      .waitFor({ timeout: EDITOR_WAIT });
    step('the canvas shows only the note that it is paid, with the link to buy it (not the file)');
  }
}

/**
 * Opens a workflow "Send to my n8n" created (its link, as Flowbay answers it), signing in as the owner
 * if n8n asks, and counts the named nodes on the canvas; fails naming those missing.
 */
export async function openSentWorkflow(
  page: Page,
  url: string,
  owner: { email: string; password: string },
  nodeNames: string[],
  step: (text: string) => void,
): Promise<number> {
  await page.goto(url);
  // The editor opens /workflow/<id> first and goes on to its sign-in form when there is no session.
  const signIn = page.locator('input[name=emailOrLdapLoginId]');
  const canvasNodes = page.locator('[data-test-id="canvas-node"]');
  await signIn.or(canvasNodes.first()).first().waitFor({ timeout: EDITOR_WAIT });
  if (await signIn.isVisible()) {
    step('n8n asked to sign in: signed in as its owner');
    await signIn.fill(owner.email);
    await page.locator('input[type=password]').fill(owner.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((address) => !address.pathname.includes('/signin'), { timeout: EDITOR_WAIT });
    if (!page.url().includes('/workflow/')) await page.goto(url);
  }
  await canvasNodes.first().waitFor({ timeout: EDITOR_WAIT });
  step(`opened ${new URL(page.url()).pathname} on n8n's canvas`);
  const missing: string[] = [];
  for (const name of nodeNames) {
    const selector = `[data-test-id="canvas-node"][data-node-name="${name.replace(/["\\]/g, '\\$&')}"]`;
    if ((await page.locator(selector).count()) === 0) missing.push(name);
  }
  if (missing.length > 0) throw new Error(`nodes missing on the canvas: ${missing.join(', ')}`);
  step(`the canvas shows all ${nodeNames.length} nodes`);
  return nodeNames.length;
}
