import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { inLanguage } from '@/test/render';
import { AUTHOR_ACCESS, workflowDetail } from '@/test/workflows';
import { WorkflowInfoCard } from './workflow-info-card';

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An English listing with a Vietnamese translation, as the API answers its author in a Vietnamese interface. */
function translated(): WorkflowDetail {
  const english = {
    title: 'Lead router',
    description: 'Routes leads.',
    faq: [{ question: 'Which CRM?', answer: 'HubSpot.' }],
  };
  const vietnamese = {
    title: 'Bộ định tuyến khách hàng',
    description: 'Chia khách hàng tiềm năng.',
    faq: [{ question: 'CRM nào?', answer: 'HubSpot.' }],
  };
  return workflowDetail({
    id: ID,
    access: AUTHOR_ACCESS,
    purchase_count: 0,
    ...vietnamese,
    language: 'en',
    languages: ['en', 'vi'],
    shown_language: 'vi',
    texts: { en: english, vi: vietnamese },
  });
}

function renderCard(detail: WorkflowDetail) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/workflows/${ID}` && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return Response.json({ ...detail, has_pending_changes: true });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WorkflowInfoCard
        workflow={detail}
        platforms={[{ id: 'n8n', label: 'n8n' }]}
        jobTypes={[{ id: 'productivity', label: 'Productivity' }]}
        onDeleted={() => undefined}
      />
    </QueryClientProvider>,
  );
  return sent;
}

const column = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

describe('editing a listing in two languages', () => {
  it('starts from the texts as written in each language, whatever language the author reads', async () => {
    await inLanguage('vi');
    renderCard(translated());
    expect((screen.getByRole('radio', { name: 'Tiếng Anh' }) as HTMLInputElement).checked).toBe(true);
    const english = column('English');
    expect((within(english).getByLabelText('Tiêu đề') as HTMLInputElement).value).toBe('Lead router');
    expect((within(english).getByLabelText('Câu hỏi 1') as HTMLInputElement).value).toBe('Which CRM?');
    const vietnamese = column('Tiếng Việt');
    expect((within(vietnamese).getByLabelText('Tiêu đề bản dịch') as HTMLInputElement).value).toBe(
      'Bộ định tuyến khách hàng',
    );
  });

  it('sends the language, the original with its questions, and the edited translation', async () => {
    await inLanguage('en');
    const sent = renderCard(translated());
    fireEvent.change(within(column('Tiếng Việt')).getByLabelText('Translated title'), {
      target: { value: 'Bộ chia khách hàng' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      language: 'en',
      title: 'Lead router',
      description: 'Routes leads.',
      faq: [{ question: 'Which CRM?', answer: 'HubSpot.' }],
      translation: {
        title: 'Bộ chia khách hàng',
        description: 'Chia khách hàng tiềm năng.',
        faq: [{ question: 'CRM nào?', answer: 'HubSpot.' }],
      },
    });
  });

  it('removes the translation (null) once its column is emptied', async () => {
    await inLanguage('en');
    const sent = renderCard(translated());
    const vietnamese = column('Tiếng Việt');
    fireEvent.change(within(vietnamese).getByLabelText('Translated title'), { target: { value: '' } });
    fireEvent.change(within(vietnamese).getByLabelText('Translated description'), { target: { value: '' } });
    fireEvent.click(within(vietnamese).getByRole('button', { name: 'Remove translated question 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ language: 'en', translation: null });
  });

  it('shows one language at a time on a phone, behind tabs that start on the original', async () => {
    await inLanguage('en');
    renderCard(translated());
    const tabs = screen.getByRole('tablist', { name: 'Language of the texts' });
    const english = within(tabs).getByRole('tab', { name: 'English' });
    const vietnamese = within(tabs).getByRole('tab', { name: 'Tiếng Việt' });
    expect(english.getAttribute('aria-selected')).toBe('true');
    // Hidden at 640 px and below only: side by side on wider screens.
    const hiddenOnPhone = (name: string) => column(name).className.includes('max-[640px]:hidden');
    expect([hiddenOnPhone('English'), hiddenOnPhone('Tiếng Việt')]).toEqual([false, true]);
    fireEvent.click(vietnamese);
    expect(vietnamese.getAttribute('aria-selected')).toBe('true');
    expect([hiddenOnPhone('English'), hiddenOnPhone('Tiếng Việt')]).toEqual([true, false]);
  });
});
