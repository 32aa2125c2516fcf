import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage } from '@/test/render';
import { useTranslateToggle } from './use-translate-toggle';

afterEach(() => vi.unstubAllGlobals());

/** The translate API: configured or not; a translation prefixes each text with its target. */
function stubTranslateApi(available: boolean) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/translate' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { texts: string[]; target: string };
        asked.push(body);
        return Response.json({ translations: body.texts.map((text) => `[${body.target}] ${text}`) });
      }
      if (url === '/api/translate')
        return Response.json({ available, languages: available ? ['vi', 'en'] : [] });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return asked;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the translate toggle', () => {
  it("is offered for a listing not written in the visitor's language, into that language", async () => {
    await inLanguage('vi');
    const asked = stubTranslateApi(true);
    const { result } = renderHook(() => useTranslateToggle('Lead router', 'Routes leads.', 'en'), {
      wrapper,
    });
    await waitFor(() => expect(result.current.visible).toBe(true));
    expect(result.current.target).toBe('vi');
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.title).toBe('[vi] Lead router'));
    expect(result.current.description).toBe('[vi] Routes leads.');
    expect(asked).toEqual([{ texts: ['Lead router', 'Routes leads.'], target: 'vi' }]);
  });

  it("is not offered when the text is in the visitor's language, or without a provider", async () => {
    await inLanguage('vi');
    stubTranslateApi(true);
    const same = renderHook(() => useTranslateToggle('Bộ định tuyến', 'Chia khách.', 'vi'), { wrapper });
    await waitFor(() => expect(same.result.current.languages).toEqual(['vi', 'en']));
    expect(same.result.current.visible).toBe(false);
    vi.unstubAllGlobals();
    stubTranslateApi(false);
    const none = renderHook(() => useTranslateToggle('Lead router', 'Routes leads.', 'en'), { wrapper });
    await waitFor(() => expect(none.result.current.languages).toEqual([]));
    expect(none.result.current.visible).toBe(false);
  });
});
