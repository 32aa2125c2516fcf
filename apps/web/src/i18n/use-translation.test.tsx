import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadSignedInTexts, SUPPORTED_LANGUAGES } from '@/i18n';
import en from './en.json';
import pagesEn from './pages.en.json';
import { fixedT, useTranslation } from './use-translation';

function Home() {
  const { t } = useTranslation();
  return <p>{t('nav.home')}</p>;
}

function GuideTitle() {
  const { t, ready } = useTranslation('pages');
  return <h1>{ready ? t('guide.title') : 'loading'}</h1>;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key of a text file, plural forms by their base key, arrays whole. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

describe('useTranslation', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('renders the texts again, in the new language, when the visitor switches', async () => {
    render(
      <>
        <Home />
        <Home />
      </>,
    );
    expect(screen.getAllByText('Home')).toHaveLength(2);
    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getAllByText('Trang chủ')).toHaveLength(2);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getAllByText('Home')).toHaveLength(2);
  });

  it('asks for a namespace not loaded yet and shows its texts once they arrive', async () => {
    expect(i18n.hasLoadedNamespace('pages')).toBe(false);
    render(<GuideTitle />);
    expect(screen.getByRole('heading').textContent).toBe('loading');
    expect((await screen.findByRole('heading', { name: 'How Flowbay works' })).tagName).toBe('H1');
    await act(() => i18n.changeLanguage('vi'));
    expect((await screen.findByRole('heading', { name: 'Cách Flowbay hoạt động' })).tagName).toBe('H1');
  });
});

describe('fixedT', () => {
  it("gives what i18next's getFixedT gives, for every text, with and without options", async () => {
    await initI18n('en');
    await loadSignedInTexts();
    await i18n.loadNamespaces('pages');
    const options = { count: 2, name: 'Lan', price: '499,000', returnObjects: true };
    for (const language of SUPPORTED_LANGUAGES) {
      await i18n.changeLanguage(language);
      for (const [ns, texts] of [
        ['translation', en],
        ['pages', pagesEn],
      ] as const) {
        const ours = fixedT(i18n, language, ns) as unknown as (key: string, options?: object) => unknown;
        const theirs = i18n.getFixedT(language, ns) as unknown as (key: string, options?: object) => unknown;
        const keys = [...new Set(keysOf(texts))];
        expect(keys.length).toBeGreaterThan(ns === 'pages' ? 20 : 500);
        for (const key of keys) {
          // A plural text is asked for by its base key, always with a count.
          if (PLURAL.test(key)) {
            const base = key.replace(PLURAL, '');
            expect(ours(base, options)).toEqual(theirs(base, options));
            continue;
          }
          expect(ours(key)).toEqual(theirs(key));
          expect(ours(key, options)).toEqual(theirs(key, options));
        }
        // The texts compared are the language's own, not keys echoed back.
        if (ns === 'translation') expect(ours('nav.home')).toBe(language === 'vi' ? 'Trang chủ' : 'Home');
        else
          expect(ours('guide.title')).toBe(
            language === 'vi' ? 'Cách Flowbay hoạt động' : 'How Flowbay works',
          );
      }
    }
  });
});
