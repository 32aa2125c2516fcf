import { useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { AppProviders, createQueryClient } from './providers';

/** Stands for any answer the API words in the caller's language (a listing's title, a message). */
function Title() {
  const { data } = useQuery({
    queryKey: ['title'],
    queryFn: async () => (i18n.language === 'vi' ? 'Tổng hợp doanh số' : 'Sales summary'),
  });
  return <h1>{data ?? 'loading'}</h1>;
}

describe('AppProviders', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('asks again for what is shown when the visitor switches language', async () => {
    const client = createQueryClient();
    render(
      <AppProviders client={client}>
        <Title />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Sales summary' })).toBeTruthy();
    await act(() => i18n.changeLanguage('vi'));
    expect(await screen.findByRole('heading', { name: 'Tổng hợp doanh số' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });
});
