import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import en from '@/i18n/en.json';
import vi from '@/i18n/vi.json';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as GuidePage } from './guide';

afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const UI = { en, vi } as const;

/** Every name the header's and the account menu's entries show, in one language. */
function menuTexts(language: 'en' | 'vi'): string[] {
  const { menu, nav } = UI[language];
  return [...Object.values(menu), ...Object.values(nav)].filter((text) => !text.includes('{{'));
}

describe('the guide names menu items as the menu shows them', () => {
  for (const language of ['en', 'vi'] as const) {
    it(`in ${language}`, async () => {
      await inLanguage(language);
      await i18n.loadNamespaces('pages');
      renderInApp(<GuidePage />, { path: '/guide' });
      await screen.findByRole('heading', { level: 1 });
      const steps = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
      // Each step that sends the reader to a menu names its item in quotes, exactly as the menu reads.
      const menuSteps = steps.filter((step) => /\bmenu\b/i.test(step));
      expect(menuSteps.length).toBeGreaterThan(0);
      for (const step of menuSteps) {
        const named = [...step.matchAll(/“([^”]+)”/g)].map((match) => match[1]);
        expect(named.length, step).toBeGreaterThan(0);
        for (const name of named) expect(menuTexts(language), step).toContain(name);
      }
      expect(steps.join(' ')).toContain(`“${UI[language].menu.createWorkflow}”`);
    });
  }
});
