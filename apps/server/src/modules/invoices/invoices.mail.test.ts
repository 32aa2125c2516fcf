import { describe, expect, it } from 'vitest';
import type { Language } from '@flowbay/domain';
import { adjustmentDueAdminMail, invoiceFailedAdminMail } from './invoices.mail.ts';

/** The invoices' e-mails to the operators at SUPPORT_EMAIL, rendered in `language` (SUPPORT_LANGUAGE). */
function operatorMails(language: Language) {
  const order = {
    to: 'ops@flowbay.test',
    language,
    code: 'FB-AAAA-1111',
    title: 'Slack alerts',
    amount: 80_000,
  };
  const buyer = {
    companyName: 'ACME',
    taxCode: '0123456789',
    adminUrl: 'https://flowbay.test/admin/invoices',
  };
  return [
    adjustmentDueAdminMail({ ...order, ...buyer, invoiceNumber: '42' }),
    invoiceFailedAdminMail({ ...order, ...buyer, error: 'timeout' }),
  ];
}

describe("the invoices' e-mails to the operators follow SUPPORT_LANGUAGE", () => {
  it('read in Vietnamese, with no English sentence left, when the operators read Vietnamese', () => {
    expect(operatorMails('vi').map((mail) => mail.subject)).toEqual([
      'Cần lập hóa đơn điều chỉnh cho đơn hàng đã hoàn tiền FB-AAAA-1111',
      'Không xuất được hóa đơn GTGT cho FB-AAAA-1111: cần xử lý',
    ]);
    for (const mail of operatorMails('vi')) {
      expect(mail.text).not.toMatch(/\b(the|was|order|invoice|refunded)\b/i);
      expect(mail.html).toContain('lang="vi"');
    }
  });

  it('read in English by default', () => {
    expect(operatorMails('en').map((mail) => mail.subject)).toEqual([
      'Adjustment invoice due for refunded order FB-AAAA-1111',
      'VAT invoice for FB-AAAA-1111 could not be issued: needs action',
    ]);
  });
});
