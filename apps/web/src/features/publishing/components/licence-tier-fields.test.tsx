import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { AUTHOR_ACCESS, workflowDetail } from '@/test/workflows';
import { WorkflowInfoCard } from './workflow-info-card';

const ID = '7d1f0e4c-3a5b-4c2d-9e8f-0a1b2c3d4e5f';

function workflow(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return workflowDetail({
    id: ID,
    number: 9,
    slug: 'tiered-flow',
    title: 'Tiered lead router',
    price: 100_000,
    commercial_price: 300_000,
    agency_price: 800_000,
    agency_clients: 5,
    access: AUTHOR_ACCESS,
    purchase_count: 0,
    ...overrides,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The edit card against a stubbed API: PUT answers `answer` (the saved detail unless given). */
function renderCard(detail: WorkflowDetail, answer?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/workflows/${ID}` && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return answer ? answer() : Response.json({ ...detail, has_pending_changes: true });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  renderInApp(
    <WorkflowInfoCard
      workflow={detail}
      platforms={[{ id: 'n8n', label: 'n8n' }]}
      jobTypes={[{ id: 'productivity', label: 'Productivity' }]}
      onDeleted={() => undefined}
    />,
  );
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('licence tiers on the edit page', () => {
  it('shows the current tier prices and client count, and sends changed ones as whole đồng', async () => {
    await inLanguage('en');
    const sent = renderCard(workflow());
    expect(field('Commercial licence price').value).toBe('300,000');
    expect(field('Agency licence price').value).toBe('800,000');
    expect(field('Agency licence: number of clients').value).toBe('5');
    // One field answers to the price's label, even matched loosely (as the Playwright journey does).
    expect(screen.getAllByLabelText(/price \(VNĐ\)/i)).toHaveLength(1);
    type('Commercial licence price', '250.000');
    type('Agency licence: number of clients', '12');
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      price: 100_000,
      commercial_price: 250_000,
      agency_price: 800_000,
      agency_clients: 12,
    });
  });

  it('refuses tiers out of order or an Agency licence without clients at their fields, sending nothing', async () => {
    await inLanguage('en');
    const sent = renderCard(workflow({ commercial_price: null, agency_price: null, agency_clients: null }));
    expect(field('Commercial licence price').value).toBe('');
    // An empty tier is not offered (the price field's "Free" would mislead here).
    expect(document.getElementById('manage-commercial-price-amount')?.textContent).toBe('Not offered');
    type('Commercial licence price', '105.000');
    type('Agency licence price', '200.000');
    save();
    expect(
      (await screen.findByText(/^The Commercial licence must cost at least/)).textContent?.replace(
        /\s/g,
        ' ',
      ),
    ).toBe('The Commercial licence must cost at least 10,000 VNĐ more than the Personal licence.');
    expect(screen.getByText('Say how many clients the Agency licence covers.')).toBeTruthy();
    expect(field('Commercial licence price').getAttribute('aria-invalid')).toBe('true');
    type('Agency licence: number of clients', '0');
    save();
    expect(await screen.findByText('The number of clients is a whole number from 1 to 1000.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal at the tier's field", async () => {
    await inLanguage('en');
    const sent = renderCard(workflow(), () =>
      Response.json(
        {
          error: {
            code: 'LICENCE_PRICES_INVALID',
            message: 'The licence tiers are not priced in order',
            field: 'commercial_price',
            details: { problem: 'tierPriceOrder' },
          },
        },
        { status: 400 },
      ),
    );
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      await screen.findByText(
        /Commercial and Agency prices must each be higher than the licence below them/,
        {
          selector: `#manage-commercial-price-error`,
        },
      ),
    ).toBeTruthy();
  });

  it('are not offered on a free workflow, and making a paid one free withdraws them', async () => {
    await inLanguage('en');
    const sent = renderCard(workflow());
    type('Price (VNĐ)', '0');
    expect(screen.queryByLabelText('Commercial licence price')).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      price: 0,
      commercial_price: null,
      agency_price: null,
      agency_clients: null,
    });
  });

  it('speaks Vietnamese, with the tier names used everywhere else', async () => {
    await inLanguage('vi');
    renderCard(workflow());
    expect(field('Giá Giấy phép Thương mại').value).toBe('300.000');
    expect(field('Giá Giấy phép Agency').value).toBe('800.000');
    expect(field('Giấy phép Agency: số khách hàng').value).toBe('5');
    expect(screen.getByRole('group', { name: 'Giấy phép' })).toBeTruthy();
  });
});
