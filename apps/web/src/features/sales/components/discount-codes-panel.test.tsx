import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { DiscountCodesPanel } from './discount-codes-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const ROUTER = '11111111-1111-4111-8111-111111111111';
const DIGEST = '22222222-2222-4222-8222-222222222222';
const FREEBIE = '33333333-3333-4333-8333-333333333333';

const CODE = {
  id: '0b5e7a2c-1111-4a0e-9a51-3f1b2c4d5e6f',
  code: 'TET20',
  kind: 'percent',
  value: 20,
  workflow_ids: null,
  max_uses: 50,
  uses: 3,
  starts_at: daysFromNow(-10),
  ends_at: daysFromNow(20),
  active: true,
  deactivated_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const LIMITED = {
  ...CODE,
  id: '0b5e7a2c-2222-4a0e-9a51-3f1b2c4d5e6f',
  code: 'ROUTER10',
  workflow_ids: [ROUTER],
  uses: 10,
  max_uses: 10,
  active: false,
};
/** Not started yet: the server calls it active (it can be used once it starts). */
const LATER = {
  ...CODE,
  id: '0b5e7a2c-3333-4a0e-9a51-3f1b2c4d5e6f',
  code: 'NEWYEAR',
  uses: 0,
  starts_at: daysFromNow(3),
  ends_at: daysFromNow(10),
};
/** Past its end, never deactivated. */
const OVER = {
  ...CODE,
  id: '0b5e7a2c-4444-4a0e-9a51-3f1b2c4d5e6f',
  code: 'SUMMER25',
  uses: 7,
  starts_at: daysFromNow(-40),
  ends_at: daysFromNow(-5),
  active: false,
};

/** The seller's list, in two pages counted from 0, as GET /api/me/workflows answers it. */
function myWorkflows(page: number) {
  const all = [
    { id: ROUTER, title: 'Lead router', price: 100_000 },
    { id: FREEBIE, title: 'Free starter', price: 0 },
    { id: DIGEST, title: 'Weekly digest', price: 200_000 },
  ];
  return {
    workflows: all.slice(page * 2, page * 2 + 2),
    totalCount: 3,
    filteredCount: 3,
    page,
    pageSize: 2,
  };
}

/** The server's answer to an end not after the start (the body schema's refusal on ends_at). */
const END_NOT_AFTER_START = {
  status: 400,
  body: {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'The request is invalid (ends_at: Invalid input)',
      field: 'ends_at',
    },
  },
};

function stubApi(refuse?: typeof END_NOT_AFTER_START) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET') {
        if (url.startsWith('/api/me/workflows'))
          return Response.json(myWorkflows(Number(new URL(url, 'http://x').searchParams.get('page'))));
        return Response.json({ codes: [CODE, LIMITED, LATER, OVER] });
      }
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (refuse) return Response.json(refuse.body, { status: refuse.status });
      return Response.json(
        { code: { ...CODE, active: false } },
        { status: url.endsWith('deactivate') ? 200 : 201 },
      );
    }),
  );
  return posts;
}

const row = (code: string) => screen.getByText(code).closest('li') as HTMLElement;

describe('the seller’s discount codes', () => {
  it('lists each code with what it covers, its uses, its dates and state, and deactivates an active one', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(row('TET20').textContent).toContain('used 3 of 50');
    expect(row('TET20').textContent).toContain('All your paid workflows');
    expect(row('TET20').textContent).toMatch(/from .+ until .+/);
    expect(row('TET20').textContent).toMatch(/used 3 of 50 · active/);
    await waitFor(() => expect(row('ROUTER10').textContent).toContain('For: Lead router'));
    expect(row('ROUTER10').textContent).toContain('used 10 of 10');
    expect(row('ROUTER10').textContent).toContain('inactive');
    expect(within(row('ROUTER10')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate TET20' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe(`/api/me/discount-codes/${CODE.id}/deactivate`);
  });

  it('creates a code for all paid workflows by default, upper-cased', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    expect((screen.getByLabelText('All my paid workflows') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'summer' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: '/api/me/discount-codes',
      body: { code: 'SUMMER', kind: 'percent', value: 15, max_uses: 100, workflow_ids: null },
    });
    // Unless changed, it runs from now (to the minute) for 30 days.
    const body = posts[0]!.body as { starts_at: string; ends_at: string };
    expect(Date.now() - Date.parse(body.starts_at)).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(body.starts_at)).toBeLessThan(2 * 60_000);
    expect(Date.parse(body.ends_at) - Date.parse(body.starts_at)).toBe(30 * DAY);
  });

  it('sends the start and end chosen, in the seller’s local time with its offset', async () => {
    vi.stubEnv('TZ', 'Asia/Ho_Chi_Minh');
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    const tomorrow = new Date(Date.now() + DAY);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    const inAWeek = new Date(Date.now() + 7 * DAY);
    const weekDay = `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'TOMORROW' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: `${day}T09:30` } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: `${weekDay}T18:00` } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({
      code: 'TOMORROW',
      starts_at: `${day}T09:30:00+07:00`,
      ends_at: `${weekDay}T18:00:00+07:00`,
    });
    // 09:30 in Ho Chi Minh City is 02:30 UTC.
    expect(new Date((posts[0]!.body as { starts_at: string }).starts_at).toISOString()).toBe(
      `${day}T02:30:00.000Z`,
    );
  });

  it('shows the server’s refusal of an end before the start at the Ends field', async () => {
    vi.stubEnv('TZ', 'UTC');
    await inLanguage('en');
    const posts = stubApi(END_NOT_AFTER_START);
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'BACKWARDS' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2030-05-10T12:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-05-09T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    const message = await screen.findByText('The end must be after the start.');
    expect(posts[0]!.body).toMatchObject({
      starts_at: '2030-05-10T12:00:00+00:00',
      ends_at: '2030-05-09T12:00:00+00:00',
    });
    const ends = screen.getByLabelText('Ends');
    expect(ends.getAttribute('aria-invalid')).toBe('true');
    expect(ends.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByLabelText('Starts').getAttribute('aria-invalid')).toBeNull();
    // Changing a date clears the refusal.
    fireEvent.change(ends, { target: { value: '2030-05-11T12:00' } });
    expect(screen.queryByText('The end must be after the start.')).toBeNull();
  });

  it('calls a code that has not started scheduled and one past its end ended, from their dates', async () => {
    await inLanguage('en');
    stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('NEWYEAR')).toBeTruthy();
    expect(row('NEWYEAR').textContent).toMatch(/used 0 of 50 · scheduled/);
    expect(row('NEWYEAR').textContent).not.toMatch(/· active/);
    // Scheduled is not stopped: the seller can still deactivate it before it starts.
    expect(within(row('NEWYEAR')).getByRole('button', { name: 'Deactivate NEWYEAR' })).toBeTruthy();
    expect(row('SUMMER25').textContent).toMatch(/used 7 of 50 · ended/);
    expect(within(row('SUMMER25')).queryByRole('button')).toBeNull();
    expect(row('TET20').textContent).toMatch(/· active/);
    expect(row('ROUTER10').textContent).toMatch(/· inactive/);
  });

  it('limits a code to the paid workflows chosen (from every page), and asks for one when none is', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PAIR' } });
    fireEvent.click(screen.getByLabelText('Only the workflows I choose'));
    const choice = screen.getByRole('group', { name: 'Workflows the code applies to' });
    await within(choice).findByLabelText('Weekly digest');
    expect(within(choice).queryByLabelText('Free starter')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Choose at least one workflow.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.click(within(choice).getByLabelText('Lead router'));
    fireEvent.click(within(choice).getByLabelText('Weekly digest'));
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ code: 'PAIR', workflow_ids: [ROUTER, DIGEST] });
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(row('TET20').textContent).toContain('đã dùng 3/50');
    expect(row('TET20').textContent).toContain('Mọi quy trình có phí của bạn');
    expect(screen.getByRole('button', { name: 'Tạo mã' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ngừng mã TET20' })).toBeTruthy();
    expect(screen.getByLabelText('Chỉ các quy trình tôi chọn')).toBeTruthy();
    expect(row('NEWYEAR').textContent).toContain('· đã lên lịch');
    expect(row('SUMMER25').textContent).toContain('· đã kết thúc');
    expect(screen.getByLabelText('Bắt đầu')).toBeTruthy();
    expect(screen.getByLabelText('Kết thúc')).toBeTruthy();
  });

  it('words the refusal of an end before the start in Vietnamese', async () => {
    await inLanguage('vi');
    stubApi(END_NOT_AFTER_START);
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    fireEvent.change(screen.getByLabelText('Mã'), { target: { value: 'NGUOC' } });
    fireEvent.change(screen.getByLabelText('Kết thúc'), { target: { value: '2020-01-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tạo mã' }));
    expect(await screen.findByText('Thời điểm kết thúc phải sau thời điểm bắt đầu.')).toBeTruthy();
  });
});
