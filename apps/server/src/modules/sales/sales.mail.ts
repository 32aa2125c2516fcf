import { formatVnd, type Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { formatMailDate, renderMail } from '../../infra/mailer/templates.ts';

interface SellerMail {
  to: string;
  language: Language;
  salesUrl: string;
}

/** Only the last four digits: the mail may be read by whoever took over the mailbox. */
const masked = (accountNumber: string) => `•••• ${accountNumber.slice(-4)}`;

/** Every seller mail ends with the way to the sales dashboard. */
const viewSales = ({ language, salesUrl }: SellerMail) => ({
  label: language === 'vi' ? 'Xem doanh thu' : 'View your sales',
  url: salesUrl,
});

type PayoutMail = SellerMail & { amount: number; bank: string; accountNumber: string };

/** A payout's mail: how much went where, then what became of it, then the way to the dashboard. */
function payoutMail(input: PayoutMail, subject: string, heading: string, ...more: string[]): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject,
    heading,
    paragraphs: [
      `${vi ? 'Số tiền' : 'Amount'}: ${formatVnd(input.amount, input.language)}`,
      `${vi ? 'Đến' : 'To'}: ${input.bank} ${masked(input.accountNumber)}`,
      ...more,
    ],
    action: viewSales(input),
  });
}

export function payoutAccountChangedMail(
  input: SellerMail & { bank: string; accountNumber: string; holderName: string; blockedUntil: Date },
): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi ? 'Tài khoản nhận tiền Flowbay đã thay đổi' : 'Your Flowbay payout account changed',
    heading: vi ? 'Tài khoản nhận tiền đã được cập nhật' : 'Your payout bank account was updated',
    paragraphs: [
      `${vi ? 'Ngân hàng' : 'Bank'}: ${input.bank}`,
      `${vi ? 'Số tài khoản' : 'Account number'}: ${masked(input.accountNumber)}`,
      `${vi ? 'Chủ tài khoản' : 'Account holder'}: ${input.holderName}`,
      vi
        ? `Để bảo vệ bạn, việc rút tiền tạm dừng đến ${formatMailDate(input.blockedUntil, 'vi')}.`
        : `To protect you, payouts are paused until ${formatMailDate(input.blockedUntil, 'en')}.`,
    ],
    action: viewSales(input),
    note: vi
      ? 'Nếu bạn không thực hiện thay đổi này, hãy đổi mật khẩu và liên hệ với chúng tôi ngay.'
      : 'If you did not make this change, change your password and contact us at once.',
  });
}

export function payoutPaidMail(input: PayoutMail & { transferRef: string }): MailMessage {
  const vi = input.language === 'vi';
  return payoutMail(
    input,
    vi ? 'Flowbay đã chuyển tiền cho bạn' : 'Flowbay has paid you',
    vi ? 'Khoản rút tiền đã được chuyển' : 'Your payout has been sent',
    `${vi ? 'Mã giao dịch ngân hàng' : 'Bank transfer reference'}: ${input.transferRef}`,
  );
}

export function payoutFailedMail(input: PayoutMail & { reason: string }): MailMessage {
  const vi = input.language === 'vi';
  return payoutMail(
    input,
    vi ? 'Khoản rút tiền Flowbay không thành công' : 'Your Flowbay payout failed',
    vi ? 'Ngân hàng không nhận khoản chuyển' : 'The bank transfer did not go through',
    `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
    vi
      ? 'Số tiền đã được trả lại vào số dư khả dụng của bạn. Hãy kiểm tra tài khoản ngân hàng rồi yêu cầu rút lại.'
      : 'The money is back in your available balance. Check your bank account details, then request the payout again.',
  );
}
