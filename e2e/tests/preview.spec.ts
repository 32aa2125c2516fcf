import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demoTitle } from './demo-titles';
import { expect, expectAccessible, test as base } from './fixtures';

/** A free n8n workflow wide enough that an unfitted first view cut off its trigger. */
const WIDE_FREE = 'Turn an article into an X thread and a LinkedIn post';

async function detailPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/api/workflows?search=${encodeURIComponent(title)}&limit=24`);
  const { workflows } = (await response.json()) as {
    workflows: { id: string; slug: string; title: string }[];
  };
  const workflow = workflows.find((item) => item.title === title);
  if (!workflow) throw new Error(`the demo catalogue has no "${title}"`);
  return `/workflows/${workflow.slug}-${workflow.id}`;
}

/** The graph's pan and zoom, as React Flow writes them on its viewport. */
function viewportTransform(preview: Locator): Promise<string> {
  return preview
    .locator('.react-flow__viewport')
    .evaluate((element) => (element as HTMLElement).style.transform);
}

/** A vertical swipe or wheel over the middle of the graph, the way the device scrolls. */
async function scrollOver(page: Page, preview: Locator, isMobile: boolean, distance: number): Promise<void> {
  const box = (await preview.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (isMobile) {
    // Real touch input, so the browser decides between scrolling the page and handing it to the graph.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y - (step * distance) / 10 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, distance);
  }
}

const test = base.extend<{ widePreview: Locator }>({
  /** The wide free workflow's page, scrolled to its preview (it comes after the facts and loads once in view). */
  widePreview: async ({ page, request }, use) => {
    await page.goto(await detailPath(request, WIDE_FREE));
    await page.getByTestId('preview-section').scrollIntoViewIfNeeded();
    const preview = page.getByTestId('workflow-preview');
    await preview.scrollIntoViewIfNeeded();
    await use(preview);
  },
});

test.describe('workflow preview', () => {
  test('the page scrolls past the graph, which fits every node, until a click activates it; a node opens its panel', async ({
    page,
    widePreview: preview,
    t,
    isMobile,
  }) => {
    const nodes = preview.getByTestId('preview-node');
    await expect(nodes.first()).toBeVisible();
    await expect(preview).toHaveAttribute('data-active', 'false');

    // The first view fits the whole workflow: every node, the trigger included, lies inside the frame.
    const frame = (await preview.boundingBox())!;
    const count = await nodes.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index++) {
      const box = (await nodes.nth(index).boundingBox())!;
      expect(box.x, `node ${index} left`).toBeGreaterThanOrEqual(frame.x - 1);
      expect(box.y, `node ${index} top`).toBeGreaterThanOrEqual(frame.y - 1);
      expect(box.x + box.width, `node ${index} right`).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(box.y + box.height, `node ${index} bottom`).toBeLessThanOrEqual(frame.y + frame.height + 1);
    }
    await expectAccessible(page);

    // Scrolling over the idle graph scrolls the page and leaves the graph where it was.
    const before = await viewportTransform(preview);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await scrollOver(page, preview, isMobile, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore + 50);
    expect(await viewportTransform(preview)).toBe(before);

    // A click activates it: now the same gesture moves the graph, not the page.
    await preview.scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: t('preview.activate') }).click();
    await expect(preview).toHaveAttribute('data-active', 'true');
    // A node opens its panel: app, type, version and, for a free workflow, its settings.
    await page.getByRole('button', { name: t('preview.done') }).click();
    await expect(preview).toHaveAttribute('data-active', 'false');
    await page.getByRole('button', { name: t('preview.activate') }).click();
    // The graph was moved above: open a node that is still inside the frame.
    const inside = await nodes.evaluateAll((elements) => {
      const frameBox = elements[0]!.closest('[data-testid="workflow-preview"]')!.getBoundingClientRect();
      return elements.findIndex((element) => {
        const box = element.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return (
          x > frameBox.left + 40 &&
          x < frameBox.right - 40 &&
          y > frameBox.top + 60 &&
          y < frameBox.bottom - 40
        );
      });
    });
    expect(inside).toBeGreaterThanOrEqual(0);
    await nodes.nth(inside).click();
    const panel = page.getByRole('complementary', { name: t('preview.nodePanel') });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\./)).toBeVisible();
    await expect(panel.getByTestId('node-settings')).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole('button', { name: t('preview.close') }).click();
    await expect(panel).toHaveCount(0);

    if (!isMobile) {
      // From the keyboard: a focused node opens with Enter, Esc closes the panel, then the graph.
      await nodes.nth(inside).locator('xpath=ancestor::*[contains(@class, "react-flow__node")][1]').focus();
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(preview).toHaveAttribute('data-active', 'false');
    }
  });

  test('an activated graph takes the wheel and Ctrl + wheel zooms it, the page stays put', async ({
    page,
    widePreview: preview,
    t,
    isMobile,
  }) => {
    await page.getByRole('button', { name: t('preview.activate') }).click();
    await expect(preview).toHaveAttribute('data-active', 'true');
    const activeBefore = await viewportTransform(preview);
    const pageBefore = await page.evaluate(() => window.scrollY);
    // The graph takes the wheel once React Flow has applied the activation (an effect after the
    // attribute): repeat the gesture until it moves; the page must stay put all along.
    await expect
      .poll(async () => {
        await scrollOver(page, preview, isMobile, 60);
        return viewportTransform(preview);
      })
      .not.toBe(activeBefore);
    expect(await page.evaluate(() => window.scrollY)).toBe(pageBefore);
    if (!isMobile) {
      // Ctrl + wheel zooms (the wheel alone only moved it).
      const scale = async () => Number(/scale\(([\d.]+)\)/.exec(await viewportTransform(preview))?.[1]);
      const zoomBefore = await scale();
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      await expect.poll(scale).toBeGreaterThan(zoomBefore);
      expect(await page.evaluate(() => window.scrollY)).toBe(pageBefore);
    }
  });

  test('cards show the brand marks of the apps first, then core nodes', async ({
    page,
    request,
    t,
    uiLanguage,
  }) => {
    for (const [search, title, brand] of [
      ['Buy Me a Coffee', 'Thông báo Buy Me a Coffee lên Slack', 'Slack'],
      ['Auto-label', 'Auto-label incoming Gmail messages with AI', 'OpenAI'],
    ] as const) {
      await page.goto(`/workflows?search=${encodeURIComponent(search)}`);
      const card = page.getByRole('article').filter({ hasText: demoTitle(title, uiLanguage) });
      const icons = card.getByRole('list', { name: t('card.apps') }).getByRole('img');
      await expect(icons.first()).toBeVisible();
      const alts = await icons.evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
      expect(alts).toContain(brand);
      // The first icon is a third-party app, never a trigger or logic node.
      expect([
        'Webhook',
        'Schedule',
        'Manual Trigger',
        'Edit Fields (Set)',
        'If',
        'Merge',
        'Code',
      ]).not.toContain(alts[0]);
      const src = await icons.nth(alts.indexOf(brand)).getAttribute('src');
      const svg = await (await request.get(src!)).text();
      // A brand mark, not the slate outline of a generic glyph.
      expect(svg).not.toMatch(/^<svg[^>]*stroke="#(334155|94a3b8)"/);
    }
  });
});
