import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { paidOrder } from '@/test/orders';
import { Receipt, type BilledTo } from './receipt';
import { inLanguage } from '@/test/render';

beforeAll(() => inLanguage('en'));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const ORDER = paidOrder();

function renderReceipt(order: OrderSummary, billedTo: BilledTo | null = null) {
  return render(
    <MemoryRouter>
      <Receipt order={order} billedTo={billedTo} />
    </MemoryRouter>,
  );
}

describe('Receipt', () => {
  it('formats the amount in đồng for each language', async () => {
    renderReceipt(ORDER);
    expect(screen.getByTestId('receipt-amount').textContent).toBe('1,250,000 VNĐ');
    expect(screen.getByTestId('receipt').textContent).toContain('1,250,000 VNĐ (all fees included)');
    cleanup();
    await i18n.changeLanguage('vi');
    renderReceipt(ORDER);
    expect(screen.getByTestId('receipt-amount').textContent).toBe('1.250.000 VNĐ');
    expect(screen.getByTestId('receipt').textContent).toContain('1.250.000 VNĐ (đã gồm mọi khoản phí)');
    expect(screen.getByText('Đã thanh toán')).toBeTruthy();
    expect(screen.getByText('Người mua')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('names the item, seller, buyer, provider and its reference, and links to the workflow', () => {
    renderReceipt(ORDER);
    const receipt = screen.getByTestId('receipt');
    expect(receipt.textContent).toContain('FB-7K3M-Q9XD');
    expect(receipt.textContent).toContain('Trần Quốc Bảo');
    expect(screen.getByText('Buyer').nextElementSibling!.textContent).toBe('Nguyễn Thị Lan');
    expect(receipt.textContent).toContain('VNPay');
    expect(receipt.textContent).toContain('14567890');
    expect(screen.getByRole('link', { name: 'Slack invoice alerts' }).getAttribute('href')).toBe(
      '/workflows/slack-invoice-alerts-8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    );
  });

  it('keeps a removed workflow on the receipt without a dead link', () => {
    renderReceipt({ ...ORDER, workflow: { ...ORDER.workflow, deleted: true }, provider_ref: null });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('receipt').textContent).toContain('removed from the catalogue');
    expect(screen.getByTestId('receipt').textContent).not.toContain('Provider reference');
  });

  it('names the company a VAT invoice is made out to, and the invoice number once issued', async () => {
    const company = { company: 'Công ty TNHH Quy Trình', taxCode: '0101234567', invoiceNumber: null };
    renderReceipt(ORDER, company);
    expect(screen.getByText('Invoice to').nextElementSibling!.textContent).toBe(
      'Công ty TNHH Quy Trình (tax code 0101234567)',
    );
    expect(screen.queryByText('VAT invoice number')).toBeNull();
    cleanup();
    await i18n.changeLanguage('vi');
    renderReceipt(ORDER, { ...company, invoiceNumber: 'C26TQT-0000123' });
    expect(screen.getByText('Xuất hóa đơn cho').nextElementSibling!.textContent).toBe(
      'Công ty TNHH Quy Trình (mã số thuế 0101234567)',
    );
    expect(screen.getByText('Số hóa đơn GTGT').nextElementSibling!.textContent).toBe('C26TQT-0000123');
    await i18n.changeLanguage('en');
  });

  it('names the licence bought, an upgrade and the tier it replaced, and a discount code, in both languages', async () => {
    const upgrade = paidOrder({
      licence: 'agency',
      upgrade_from: 'personal',
      list_price: 800_000,
      amount: 560_000,
      discount_code: 'SPRING20',
      discount_amount: 140_000,
    });
    renderReceipt(upgrade);
    expect(screen.getByTestId('receipt-licence').textContent).toBe(
      'Agency licence (upgraded from Personal licence)',
    );
    expect(screen.getByText('SPRING20 (−140,000 VNĐ)')).toBeTruthy();
    expect(screen.getByTestId('receipt-amount').textContent).toBe('560,000 VNĐ');
    cleanup();
    renderReceipt(paidOrder({ licence: 'commercial' }));
    expect(screen.getByTestId('receipt-licence').textContent).toBe('Commercial licence');
    cleanup();
    await i18n.changeLanguage('vi');
    renderReceipt(upgrade);
    expect(screen.getByTestId('receipt-licence').textContent).toBe(
      'Giấy phép Agency (nâng cấp từ Giấy phép Cá nhân)',
    );
    expect(screen.getByTestId('receipt-amount').textContent).toBe('560.000 VNĐ');
    await i18n.changeLanguage('en');
  });
});
