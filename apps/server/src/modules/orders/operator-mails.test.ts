import { describe, expect, it } from 'vitest';
import type { Language } from '@flowbay/domain';
import { amountMismatchAdminMail, autoRefundAdminMail, refundRequestedMail } from './orders.mail.ts';

/** The orders' e-mails to the operators at SUPPORT_EMAIL, rendered in `language` (SUPPORT_LANGUAGE). */
function operatorMails(language: Language) {
  const order = {
    to: 'ops@flowbay.test',
    language,
    code: 'FB-AAAA-1111',
    title: 'Slack alerts',
    amount: 80_000,
  };
  const adminUrl = 'https://flowbay.test/admin';
  return [
    refundRequestedMail({
      ...order,
      reason: 'Wrong file',
      orderUrl: adminUrl,
      buyer: 'lan@example.com',
      adminUrl,
    }),
    amountMismatchAdminMail({
      ...order,
      reported: 79_000,
      provider: 'payOS',
      providerRef: 'FT1',
      buyer: 'lan@example.com',
      adminUrl,
    }),
    autoRefundAdminMail({
      ...order,
      kind: 'amount_mismatch',
      orderAmount: 80_000,
      reason: 'Refund',
      orderUrl: adminUrl,
      buyer: 'lan@example.com',
      adminUrl,
      outcome: 'refund_failed',
      error: 'timeout',
    }),
  ];
}

describe("the orders' e-mails to the operators follow SUPPORT_LANGUAGE", () => {
  it('read in Vietnamese, with no English sentence left, when the operators read Vietnamese', () => {
    expect(operatorMails('vi').map((mail) => mail.subject)).toEqual([
      'Yêu cầu hoàn tiền cho FB-AAAA-1111',
      'Thanh toán cho FB-AAAA-1111 có số tiền khác: cần xử lý',
      'Hoàn tiền tự động THẤT BẠI cho FB-AAAA-1111: cần xử lý',
    ]);
    for (const mail of operatorMails('vi')) {
      expect(mail.text).not.toMatch(/\b(the|was|order|refund|payment)\b/i);
      expect(mail.html).toContain('lang="vi"');
    }
  });

  it('read in English by default', () => {
    expect(operatorMails('en').map((mail) => mail.subject)).toEqual([
      'Refund requested for FB-AAAA-1111',
      'Payment for FB-AAAA-1111 reported with another amount: needs action',
      'Automatic refund FAILED for FB-AAAA-1111: needs action',
    ]);
  });
});
