import { expect, test } from './api-fixtures';
import { escapeRegExp, expectAccessibleSettled } from './signed-in-helpers';

test.describe('n8n', () => {
  // The setting and the library key are copied to the clipboard.
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('open in n8n: the address is saved once, the button opens the template, the setting is copied', async ({
    page,
    t,
    baseURL,
  }) => {
    const search = await page.request.get('/n8n/templates/search?search=disqus&page=1&limit=20&category=');
    const template = (await search.json()).workflows[0] as { id: number };
    await page.goto(`/workflows/${template.id}`);

    // The card loads when the sidebar comes into view (below the preview on a phone).
    await page.getByRole('complementary', { name: t('detail.sidebar') }).scrollIntoViewIfNeeded();
    await expect(page.getByText(t('n8n.openTitle'), { exact: true })).toBeVisible();
    const address = page.getByLabel(t('n8n.addressLabel'));
    await address.fill('ftp://n8n.example.com');
    await page.getByRole('button', { name: t('n8n.saveAddress') }).click();
    await expect(page.getByText(t('n8n.addressInvalid'))).toBeVisible();
    await address.fill('http://localhost:5679/');
    await page.getByRole('button', { name: t('n8n.saveAddress') }).click();
    const open = page.getByRole('link', { name: t('n8n.open') });
    await expect(open).toHaveAttribute('href', `http://localhost:5679/workflows/templates/${template.id}`);
    await expect(open).toHaveAttribute('target', '_blank');

    const setting = `N8N_TEMPLATES_HOST=${baseURL}/n8n`;
    // The server setting waits behind a disclosure: a shopper is not shown it.
    await expect(page.getByText(setting, { exact: true })).toBeHidden();
    await page.getByText(t('n8n.useInYourN8n'), { exact: true }).click();
    await expect(page.getByText(setting, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t('n8n.copySetting') }).click();
    await expect(page.getByText(t('n8n.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(setting);
    // Once the toasts are gone: a toast fading in is measured at part of its contrast.
    await expectAccessibleSettled(page);

    // Saved in this browser: the next visit goes straight to the button.
    await page.reload();
    await page.getByRole('complementary', { name: t('detail.sidebar') }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name: t('n8n.open') })).toHaveAttribute(
      'href',
      `http://localhost:5679/workflows/templates/${template.id}`,
    );
  });

  test('a library key is shown once, works for the templates API, and stops working when revoked', async ({
    t,
    baseURL,
    apiUser,
  }) => {
    const { context, page } = await apiUser({ label: 'n8n-key' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/profile');
    await expect(page).not.toHaveURL(/\/auth/);

    await expect(page.getByRole('heading', { name: t('n8n.keysTitle') })).toBeVisible();
    await expect(page.getByText(t('n8n.noKeys'))).toBeVisible();
    await page.getByLabel(t('n8n.keyLabel')).fill('Office n8n');
    await page.getByRole('button', { name: t('n8n.createKey') }).click();
    await expect(page.getByText(t('n8n.keyShownOnce'))).toBeVisible();
    const line = page.getByText(new RegExp(`^N8N_TEMPLATES_HOST=${escapeRegExp(baseURL!)}/n8n/k/fbn8n_`));
    await expect(line).toBeVisible();
    const host = (await line.textContent())!.replace('N8N_TEMPLATES_HOST=', '');
    expect((await page.request.get(`${host}/health`)).status()).toBe(200);
    await expectAccessibleSettled(page);

    await page.getByRole('button', { name: t('n8n.revokeNamed', { name: 'Office n8n' }) }).click();
    await expect(page.getByText(t('n8n.keyRevoked'))).toBeVisible();
    await expect(page.getByText(t('n8n.noKeys'))).toBeVisible();
    await expect(line).toHaveCount(0);
    expect((await page.request.get(`${host}/health`)).status()).toBe(401);
  });
});
