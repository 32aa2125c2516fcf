import type { Locator, Page } from '@playwright/test';
import { expect, test } from './api-fixtures';
import { demoTitle } from './demo-titles';
import { describeDesktopOnly, expectAccessible } from './fixtures';
import { chainExport, escapeRegExp } from './signed-in-helpers';
import type { Translate } from './translations';

/*
 * What the automated checks show: the compatibility badge on cards and the public Checked panel of a
 * paid listing (before purchase, without its code), the visitor's remembered n8n release marking a
 * workflow that needs n8n 2, and an administrator who sees a risky file's findings first and has to
 * write a note to approve it.
 */

/** The seed's n8n 2 workflow (Schedule Trigger 1.4 and Edit Fields 3.5, which n8n 1.x lacks). */
const N8N2_ONLY = 'Morning weather briefing to Slack (n8n 2)';
// A string only the Code node's source holds: the page must never show it before purchase.
const CODE_MARKER = 'fx-rate-cache-7731';

/** Schedule → Code → Slack: a Code node is something a buyer should know about. */
function codeExport(name: string): string {
  return chainExport(name, [
    { name: 'Every hour', type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2 },
    {
      name: 'Format the rates',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      parameters: {
        jsCode: `const key = '${CODE_MARKER}';\nreturn items.map((item) => ({ json: item.json }));`,
      },
    },
    { name: 'Post them', type: 'n8n-nodes-base.slack', typeVersion: 2.2, parameters: { text: 'Rates' } },
  ]);
}

/** Webhook → Execute Command: running shell commands is a high-severity finding. */
function commandExport(name: string): string {
  return chainExport(name, [
    { name: 'On request', type: 'n8n-nodes-base.webhook', typeVersion: 2, parameters: { path: 'deploy' } },
    {
      name: 'Deploy',
      type: 'n8n-nodes-base.executeCommand',
      typeVersion: 1,
      parameters: { command: 'cd /srv/site && git pull' },
    },
  ]);
}

/** The translated text with `{{placeholder}}` values matched by patterns (releases we do not pin here). */
function textPattern(t: Translate, key: string, fixed: Record<string, string>, free: Record<string, string>) {
  const marks = Object.fromEntries(Object.keys(free).map((name) => [name, `\u0000${name}\u0000`]));
  let pattern = escapeRegExp(t(key, { ...fixed, ...marks }));
  for (const [name, regex] of Object.entries(free)) pattern = pattern.replace(`\u0000${name}\u0000`, regex);
  return new RegExp(pattern);
}

const RELEASE = String.raw`\d+\.\d+(?:\.\d+)?`;

function cardOf(page: Page, title: string): Locator {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('automated checks', () => {
  test('a stranger sees the compatibility badge and the Checked panel of a paid listing, without its code', async ({
    page,
    t,
    apiUser,
    listedWorkflow,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const author = await apiUser({ label: 'checks-author' });
    const admin = await apiUser({ email: `checks-admin-${project}@e2e.test` });
    const title = `Exchange rates to Slack ${project} ${Date.now().toString(36)}`;
    const workflow = await listedWorkflow({ author, admin, title, price: 79_000, file: codeExport(title) });

    // The catalogue's card: the n8n releases it runs on and how long it takes to set up.
    await page.goto(`/workflows?search=${encodeURIComponent(title)}`);
    const card = cardOf(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByText(textPattern(t, 'checks.badge', {}, { min: RELEASE }))).toBeVisible();
    await expect(
      card.getByLabel(textPattern(t, 'checks.badgeLabel', {}, { min: RELEASE })).first(),
    ).toBeAttached();

    // The listing: what was checked, the buyer's finding in plain words, and never the code itself.
    await page.goto(workflow.path);
    const checked = page.getByTestId('checked-panel');
    await expect(checked.getByRole('heading', { name: t('checks.checkedTitle'), exact: true })).toBeVisible();
    await expect(checked).toContainText(t('safety.code_node.buyer'));
    await expect(checked).toContainText(t('checks.kinds.code'));
    await expect(checked).toContainText(t('checks.notAiAssisted'));
    const runsOn = page.getByTestId('runs-on-n8n');
    await expect(runsOn.getByRole('heading', { name: t('checks.runsOnTitle'), exact: true })).toBeVisible();
    await expect(runsOn).toContainText(
      textPattern(t, 'checks.rangeFrom', {}, { min: RELEASE, catalogue: RELEASE }),
    );
    expect(await page.content()).not.toContain(CODE_MARKER);
    // The node's name is the author's: a stranger sees the finding, not where it is.
    await expect(checked).not.toContainText('Format the rates');
    await expectAccessible(page);
  });
});

describeDesktopOnly(
  'automated checks, signed in and remembered',
  'the n8n release control and the review queue are the same components on phones',
  () => {
    test('a visitor on n8n 1.98 sees the n8n 2 workflow marked, can list only what runs, and is remembered', async ({
      page,
      t,
      uiLanguage,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/workflows?search=weather');
      const card = cardOf(page, demoTitle(N8N2_ONLY, uiLanguage));
      await expect(card).toBeVisible();
      await expect(
        card.getByText(textPattern(t, 'checks.badge', {}, { min: '2\\.\\d+(?:\\.\\d+)?' })),
      ).toBeVisible();

      const control = page.getByTestId('my-n8n');
      await control.getByLabel(t('checks.myN8n'), { exact: true }).fill('1.98');
      await control.getByRole('button', { name: t('checks.myN8nSave') }).click();
      await expect(control).toContainText(t('checks.myN8nSaved', { release: '1.98' }));
      const verdict = textPattern(
        t,
        'checks.needsNewerYours',
        { release: '1.98' },
        { min: '2\\.\\d+(?:\\.\\d+)?' },
      );
      await expect(card.getByText(verdict)).toBeVisible();

      // Remembered on this device: a new page of the catalogue, rendered by the server, marks it too.
      await page.goto('/workflows?search=weather');
      await expect(cardOf(page, demoTitle(N8N2_ONLY, uiLanguage)).getByText(verdict)).toBeVisible();
      await expect(page.getByTestId('my-n8n').getByLabel(t('checks.myN8n'), { exact: true })).toHaveValue(
        '1.98',
      );

      // "Only what runs on my n8n" leaves it out, and says so in the address.
      const onlyMine = page.getByTestId('my-n8n').getByRole('checkbox', { name: t('checks.onlyRunsOnMine') });
      await onlyMine.click();
      await expect(page).toHaveURL(/[?&]n8n=1\.98(?:&|$)/);
      await expect(onlyMine).toBeChecked();
      await expect(cardOf(page, demoTitle(N8N2_ONLY, uiLanguage))).toHaveCount(0);

      // Forgetting it brings the mark and the workflow back.
      await page
        .getByTestId('my-n8n')
        .getByRole('button', { name: t('checks.myN8nForgetLabel', { release: '1.98' }) })
        .click();
      await expect(page).not.toHaveURL(/[?&]n8n=/);
      await expect(cardOf(page, demoTitle(N8N2_ONLY, uiLanguage))).toBeVisible();
      await expect(cardOf(page, demoTitle(N8N2_ONLY, uiLanguage)).getByText(verdict)).toHaveCount(0);
    });

    test('an administrator sees a risky file’s findings first and must write a note to approve it', async ({
      t,
      apiUser,
      pendingWorkflow,
    }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const author = await apiUser({ label: 'checks-risky-author' });
      const admin = await apiUser({ email: `checks-queue-admin-${project}@e2e.test` });
      const title = `Deploy on request ${project} ${Date.now().toString(36)}`;
      const workflow = await pendingWorkflow({ author, title, file: commandExport(title) });

      const page = admin.page;
      await page.goto('/admin');
      const item = page
        .getByTestId('moderation-item')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      const findings = item.getByTestId('queue-findings');
      await expect(findings).toContainText(t('moderationQueue.findingsTitle'));
      await expect(findings).toContainText(t('safety.execute_command.title'));
      // Findings come before the file's details.
      const findingsBox = await findings.boundingBox();
      const notesBox = await item.getByTestId('version-notes').first().boundingBox();
      expect(findingsBox!.y).toBeLessThan(notesBox!.y);

      // Approving without a note is refused and the note field says why; the listing stays pending.
      await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
      const note = item.getByLabel(t('moderationQueue.noteLabel'));
      await expect(note).toBeFocused();
      await expect(item).toContainText(t('errors.APPROVAL_NOTE_REQUIRED'));
      const stillPending = await admin.request.get(`/api/workflows/${workflow.id}`);
      expect(((await stillPending.json()) as { status: string }).status).toBe('pending');

      await note.fill('The command only pulls the author’s own site; it runs on the buyer’s server.');
      await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
      await expect(item).toHaveCount(0);
      const listed = await page.request.get(`/api/workflows/${workflow.id}`);
      expect(((await listed.json()) as { status: string }).status).toBe('listed');
    });
  },
);
