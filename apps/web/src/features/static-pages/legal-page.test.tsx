import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage, renderInApp } from '@/test/render';
import { LegalPage } from './legal-page';

beforeAll(async () => {
  await inLanguage('en');
  await i18n.loadNamespaces('pages');
});
afterEach(cleanup);

describe('LegalPage', () => {
  it('gives the terms’ licences section the anchor the Buy block links to', async () => {
    renderInApp(<LegalPage page="terms" updated="2026-11-28" />, { path: '/terms#licences' });
    const heading = await screen.findByRole('heading', { name: /Licences and use of downloaded workflows/ });
    expect(heading.closest('li')!.id).toBe('licences');
    expect(document.getElementById('licences')!.textContent).toContain('Commercial licence: one business');
  });
});
