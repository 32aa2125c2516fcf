import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { CreateWorkflowForm, type CreatedExtras } from './create-workflow-form';
// Choosing a file checks it with the export parser, loaded on first use (in the page's thread under
// jsdom); imported here, it is loaded before any test runs, and no wait below depends on its first transform.
import '../lib/check-workflow-text';

const ID = '2c9a7e51-8b4d-4f3a-a6e2-5d1c0b9f8e7a';
const N8N = JSON.stringify({
  name: 'Lead router',
  nodes: [
    {
      id: 'a1',
      name: 'When clicking',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
  ],
  connections: {},
});

/** XMLHttpRequest as uploadFile uses it: every upload is stored and answered with its folder's reference. */
class FakeUpload {
  static sent: string[] = [];
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeUpload.sent.push(this.url);
    const folder = new URL(this.url, 'http://x').searchParams.get('folder');
    setTimeout(() => {
      this.status = 201;
      this.response = {
        url: folder === 'covers' ? '/media/covers/c.webp' : 'upload://workflows/f.json',
        key: `${folder}/k`,
        folder,
        size: 10,
        thumb_url: null,
        summary: null,
      };
      this.onload?.();
    });
  }
}

interface Call {
  url: string;
  body: unknown;
}

/**
 * The API: creating answers the new workflow (or `refuse`, a validation error); a screenshot named
 * `broken.png` is refused; with `translate`, a provider translates into Vietnamese by prefixing "[vi]".
 */
function stubApi({ translate = false, refuse }: { translate?: boolean; refuse?: object } = {}) {
  const calls: Call[] = [];
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/selling-rates') || url.startsWith('/api/me/selling-rates'))
        return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
      if (url === '/api/translate' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { texts: string[]; target: string };
        calls.push({ url, body });
        return Response.json({ translations: body.texts.map((text) => `[${body.target}] ${text}`) });
      }
      if (url === '/api/translate' && translate)
        return Response.json({ available: true, languages: ['vi', 'en'] });
      if (url === '/api/workflows' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ url, body });
        if (refuse) return Response.json({ error: refuse }, { status: 400 });
        return Response.json({ id: ID, slug: 'lead-router', title: body.title }, { status: 201 });
      }
      if (url === `/api/workflows/${ID}/screenshots` && init?.method === 'POST') {
        const form = init.body as FormData;
        const file = form.get('file') as File;
        const translated = form.get('caption_translation');
        calls.push({
          url,
          body: { name: file.name, caption: form.get('caption'), ...(translated ? { translated } : {}) },
        });
        if (file.name === 'broken.png')
          return Response.json(
            { error: { code: 'INVALID_IMAGE', message: 'Not an image' } },
            { status: 400 },
          );
        return Response.json({ screenshots: [], pending_review: false }, { status: 201 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

async function fillPaidListing() {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lead router for agencies' } });
  fireEvent.change(screen.getByLabelText('Price (VNĐ)'), { target: { value: '100.000' } });
  fireEvent.change(screen.getByLabelText('Commercial licence price'), { target: { value: '300.000' } });
  fireEvent.change(screen.getByLabelText('Agency licence price'), { target: { value: '800.000' } });
  fireEvent.change(screen.getByLabelText('Agency licence: number of clients'), { target: { value: '10' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Productivity' }));
  fireEvent.change(screen.getByLabelText('Workflow file (.json)'), {
    target: { files: [new File([N8N], 'flow.json', { type: 'application/json' })] },
  });
  fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [png('cover.png')] } });
  // The platform comes from the file once it is checked.
  await waitFor(() =>
    expect((screen.getByRole('checkbox', { name: 'n8n' }) as HTMLInputElement).checked).toBe(true),
  );
}

function renderForm() {
  const created: CreatedExtras[] = [];
  renderInApp(
    <CreateWorkflowForm
      platforms={[
        { id: 'n8n', label: 'n8n' },
        { id: 'make', label: 'Make' },
      ]}
      jobTypes={[{ id: 'productivity', label: 'Productivity' }]}
      onCreated={(_workflow, extras) => created.push(extras)}
    />,
  );
  return created;
}

describe('creating a listing with licence tiers, screenshots and a FAQ', () => {
  it('sends the tiers and the FAQ with the workflow, then uploads the screenshots in order with their captions', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    fireEvent.change(screen.getByLabelText('Add screenshots'), {
      target: { files: [png('one.png'), png('two.png')] },
    });
    fireEvent.change(screen.getByLabelText('Caption of screenshot 2'), { target: { value: 'The result' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(screen.getByLabelText('Question 1'), {
      target: { value: 'Does it work with HubSpot?' },
    });
    fireEvent.change(screen.getByLabelText('Answer 1'), {
      target: { value: 'Yes, with a private app token.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ failedScreenshots: 0 });
    expect(calls[0]).toMatchObject({
      url: '/api/workflows',
      body: {
        price: 100_000,
        commercial_price: 300_000,
        agency_price: 800_000,
        agency_clients: 10,
        cover_image_url: '/media/covers/c.webp',
        file_url: 'upload://workflows/f.json',
        faq: [{ question: 'Does it work with HubSpot?', answer: 'Yes, with a private app token.' }],
      },
    });
    expect(calls.slice(1)).toEqual([
      { url: `/api/workflows/${ID}/screenshots`, body: { name: 'one.png', caption: null } },
      { url: `/api/workflows/${ID}/screenshots`, body: { name: 'two.png', caption: 'The result' } },
    ]);
  });

  it('keeps the created workflow when a screenshot is refused, uploads the others and reports the failure', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    fireEvent.change(screen.getByLabelText('Add screenshots'), {
      target: { files: [png('broken.png'), png('fine.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ failedScreenshots: 1 });
    expect(calls.filter((call) => call.url === '/api/workflows')).toHaveLength(1);
    expect(calls.map((call) => (call.body as { name?: string }).name).filter(Boolean)).toEqual([
      'broken.png',
      'fine.png',
    ]);
  });

  it('refuses a file that is not an image before anything is sent, and a tier priced below Personal', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    fireEvent.change(screen.getByLabelText('Add screenshots'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByText('notes.txt is not a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(screen.queryByLabelText('Caption of screenshot 1')).toBeNull();
    fireEvent.change(screen.getByLabelText('Commercial licence price'), {
      target: { value: '50.000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByText(/^The Commercial licence must cost at least/)).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(created).toHaveLength(0);
  });

  it('names the new controls in Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderForm();
    fireEvent.change(screen.getByLabelText('Giá (VNĐ)'), { target: { value: '100.000' } });
    expect(screen.getByLabelText('Giá Giấy phép Thương mại')).toBeTruthy();
    expect(screen.getByLabelText('Giá Giấy phép Agency')).toBeTruthy();
    expect(screen.getByLabelText('Giấy phép Agency: số khách hàng')).toBeTruthy();
    expect(screen.getByLabelText('Thêm ảnh chụp màn hình')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thêm câu hỏi' })).toBeTruthy();
  });
});

describe('the listing in two languages', () => {
  const column = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

  it('sends the original language and the translation typed in the other column', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    const english = column('English');
    expect(within(english).getByText('Original')).toBeTruthy();
    const vietnamese = column('Tiếng Việt');
    expect(within(vietnamese).getByText('Translation (optional)')).toBeTruthy();
    fireEvent.change(within(vietnamese).getByLabelText('Translated title'), {
      target: { value: 'Bộ định tuyến khách hàng cho agency' },
    });
    fireEvent.change(within(vietnamese).getByLabelText('Translated description'), {
      target: { value: 'Chia khách hàng tiềm năng.' },
    });
    fireEvent.click(within(vietnamese).getByRole('button', { name: 'Add a translated question' }));
    fireEvent.change(within(vietnamese).getByLabelText('Translated question 1'), {
      target: { value: 'Có chạy với HubSpot không?' },
    });
    fireEvent.change(within(vietnamese).getByLabelText('Translated answer 1'), {
      target: { value: 'Có.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      language: 'en',
      title: 'Lead router for agencies',
      translation: {
        title: 'Bộ định tuyến khách hàng cho agency',
        description: 'Chia khách hàng tiềm năng.',
        faq: [{ question: 'Có chạy với HubSpot không?', answer: 'Có.' }],
      },
    });
    expect(calls[0]!.body).not.toHaveProperty('faq');
  });

  it('sends no translation when the other column is empty, and the original chosen by the author', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    // The author writes in Vietnamese after all: the Vietnamese column becomes the original.
    fireEvent.click(screen.getByRole('radio', { name: 'Vietnamese' }));
    const vietnamese = column('Tiếng Việt');
    expect(within(vietnamese).getByText('Original')).toBeTruthy();
    fireEvent.change(within(vietnamese).getByLabelText('Title'), {
      target: { value: 'Bộ định tuyến khách hàng' },
    });
    // What was typed in English stays there, now as the translation.
    expect((within(column('English')).getByLabelText('Translated title') as HTMLInputElement).value).toBe(
      'Lead router for agencies',
    );
    fireEvent.change(within(column('English')).getByLabelText('Translated title'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      language: 'vi',
      title: 'Bộ định tuyến khách hàng',
      translation: null,
    });
  });

  it('starts in the interface language: a Vietnamese author writes the original in Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderForm();
    expect((screen.getByRole('radio', { name: 'Tiếng Việt' }) as HTMLInputElement).checked).toBe(true);
    expect(within(column('Tiếng Việt')).getByText('Bản gốc')).toBeTruthy();
    expect(within(column('English')).getByText('Bản dịch (không bắt buộc)')).toBeTruthy();
    expect(within(column('English')).getByLabelText('Tiêu đề bản dịch')).toBeTruthy();
  });

  it('asks for a title for a translation that has only questions, at its field, before sending', async () => {
    await inLanguage('en');
    const calls = stubApi();
    renderForm();
    await fillPaidListing();
    const vietnamese = column('Tiếng Việt');
    fireEvent.click(within(vietnamese).getByRole('button', { name: 'Add a translated question' }));
    fireEvent.change(within(vietnamese).getByLabelText('Translated question 1'), {
      target: { value: 'Có chạy với HubSpot không?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    const title = within(vietnamese).getByLabelText('Translated title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(within(vietnamese).getByText('A translation needs a title too.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the translation's title at that field", async () => {
    await inLanguage('en');
    stubApi({
      refuse: {
        code: 'VALIDATION_FAILED',
        message: 'Title must be at least 5 characters.',
        field: 'translation.title',
        details: { messageKey: 'validation.titleMin' },
      },
    });
    renderForm();
    await fillPaidListing();
    const vietnamese = column('Tiếng Việt');
    fireEvent.change(within(vietnamese).getByLabelText('Translated title'), {
      target: { value: 'Bộ định tuyến' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    const title = within(vietnamese).getByLabelText('Translated title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(within(vietnamese).getByText('Title must be at least 5 characters.')).toBeTruthy();
    expect(within(column('English')).getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
  });

  it('suggests a translation into the other column for the author to edit, and saves nothing', async () => {
    await inLanguage('en');
    const calls = stubApi({ translate: true });
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lead router' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Routes leads.' } });
    const vietnamese = column('Tiếng Việt');
    // Only the translation's column offers it.
    expect(within(column('English')).queryByRole('button', { name: 'Suggest a translation' })).toBeNull();
    fireEvent.click(await within(vietnamese).findByRole('button', { name: 'Suggest a translation' }));
    await waitFor(() =>
      expect((within(vietnamese).getByLabelText('Translated title') as HTMLInputElement).value).toBe(
        '[vi] Lead router',
      ),
    );
    expect((within(vietnamese).getByLabelText('Translated description') as HTMLTextAreaElement).value).toBe(
      '[vi] Routes leads.',
    );
    expect(calls).toEqual([
      { url: '/api/translate', body: { texts: ['Lead router', 'Routes leads.'], target: 'vi' } },
    ]);
  });

  it('offers no suggestion when no translation provider is configured', async () => {
    await inLanguage('en');
    stubApi();
    renderForm();
    await screen.findByRole('button', { name: 'Create workflow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Suggest a translation' })).toBeNull();
  });

  it('uploads each screenshot with its caption in the other language', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const created = renderForm();
    await fillPaidListing();
    fireEvent.change(screen.getByLabelText('Add screenshots'), {
      target: { files: [png('one.png'), png('two.png')] },
    });
    fireEvent.change(screen.getByLabelText('Caption of screenshot 2'), { target: { value: 'The result' } });
    fireEvent.change(screen.getByLabelText('Caption of screenshot 2 in Vietnamese'), {
      target: { value: 'Kết quả' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ failedScreenshots: 0 });
    expect(calls.slice(1)).toEqual([
      { url: `/api/workflows/${ID}/screenshots`, body: { name: 'one.png', caption: null } },
      {
        url: `/api/workflows/${ID}/screenshots`,
        body: { name: 'two.png', caption: 'The result', translated: 'Kết quả' },
      },
    ]);
  });
});
