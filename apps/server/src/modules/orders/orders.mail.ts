import { formatVnd, paymentProviderName, type Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { formatMailDate, renderMail } from '../../infra/mailer/templates.ts';

export interface ReceiptInput {
  to: string;
  language: Language;
  code: string;
  title: string;
  amount: number;
  provider: string;
  providerRef: string | null;
  paidAt: Date;
  seller: string;
  /** The buyer's name as the order snapshotted it. */
  buyer: string;
  orderUrl: string;
}

/**
 * The receipt, in the buyer's language: order code, item, buyer, amount (which includes every fee:
 * the buyer pays the listed price and nothing on top), provider reference, date, seller.
 */
export function receiptMail(input: ReceiptInput): MailMessage {
  const vi = input.language === 'vi';
  const provider = paymentProviderName(input.provider, input.language, 'receipt');
  return renderMail(input.to, input.language, {
    subject: vi ? `Biên nhận Flowbay ${input.code}` : `Your Flowbay receipt ${input.code}`,
    heading: vi ? 'Cảm ơn bạn đã mua hàng' : 'Thank you for your purchase',
    paragraphs: [
      `${vi ? 'Mã đơn hàng' : 'Order code'}: ${input.code}`,
      `${vi ? 'Sản phẩm' : 'Item'}: ${input.title}`,
      `${vi ? 'Người mua' : 'Buyer'}: ${input.buyer}`,
      `${vi ? 'Số tiền' : 'Amount'}: ${formatVnd(input.amount, input.language)} ${vi ? '(đã gồm mọi khoản phí)' : '(all fees included)'}`,
      `${vi ? 'Thanh toán qua' : 'Paid with'}: ${provider}`,
      `${vi ? 'Mã giao dịch' : 'Provider reference'}: ${input.providerRef ?? '—'}`,
      `${vi ? 'Ngày' : 'Date'}: ${formatMailDate(input.paidAt, input.language)}`,
      `${vi ? 'Người bán' : 'Seller'}: ${input.seller}`,
      vi
        ? 'Bạn có thể tải workflow và mọi phiên bản sau này trong mục "Đã mua". Yêu cầu hoàn tiền được chấp nhận trong vòng 7 ngày.'
        : 'You can download the workflow, and every later version, from "My purchases". Refunds can be requested within 7 days.',
    ],
    action: { label: vi ? 'Xem biên nhận' : 'View receipt', url: input.orderUrl },
  });
}

export interface RefundMailInput {
  to: string;
  language: Language;
  code: string;
  title: string;
  amount: number;
  reason: string;
  orderUrl: string;
}

export function refundedBuyerMail(input: RefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi ? `Đơn hàng ${input.code} đã được hoàn tiền` : `Order ${input.code} was refunded`,
    heading: vi ? 'Bạn đã được hoàn tiền' : 'Your refund is on its way',
    paragraphs: [
      vi
        ? `Chúng tôi đã hoàn ${formatVnd(input.amount, 'vi')} cho "${input.title}". Tiền sẽ về tài khoản của bạn theo thời gian xử lý của cổng thanh toán.`
        : `We refunded ${formatVnd(input.amount, 'en')} for "${input.title}". It reaches your account as fast as your payment provider allows.`,
      `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
      vi ? 'Bạn không còn quyền tải workflow này.' : 'The workflow is no longer in your library.',
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

export function refundedSellerMail(input: RefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Một đơn mua "${input.title}" đã được hoàn tiền`
      : `A sale of "${input.title}" was refunded`,
    heading: vi ? 'Đơn hàng đã được hoàn tiền' : 'A sale was refunded',
    paragraphs: [
      vi
        ? `Đơn hàng ${input.code} (${formatVnd(input.amount, 'vi')}) đã được hoàn tiền cho người mua.`
        : `Order ${input.code} (${formatVnd(input.amount, 'en')}) was refunded to the buyer.`,
      `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
    ],
  });
}

export function refundDeclinedMail(input: RefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Yêu cầu hoàn tiền cho đơn ${input.code} không được chấp nhận`
      : `Your refund request for ${input.code} was declined`,
    heading: vi ? 'Yêu cầu hoàn tiền không được chấp nhận' : 'Refund request declined',
    paragraphs: [
      vi
        ? `Yêu cầu hoàn tiền cho "${input.title}" không được chấp nhận. Bạn vẫn giữ quyền tải workflow.`
        : `Your request to refund "${input.title}" was declined. The workflow stays in your library.`,
      `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

export function refundRequestedMail(
  input: RefundMailInput & { buyer: string; adminUrl: string },
): MailMessage {
  return renderMail(input.to, 'en', {
    subject: `Refund requested for ${input.code}`,
    heading: 'A buyer asked for a refund',
    paragraphs: [
      `${input.buyer} asked to refund order ${input.code} ("${input.title}", ${formatVnd(input.amount, 'en')}).`,
      `Reason: ${input.reason}`,
    ],
    action: { label: 'Open the refund queue', url: input.adminUrl },
  });
}

export type AutoRefundKind = 'already_owned' | 'workflow_unavailable' | 'buyer_deleted';

export interface AutoRefundMailInput extends RefundMailInput {
  kind: AutoRefundKind;
}

/** Why a payment bought nothing, as the buyer reads it. */
function autoRefundReason(kind: AutoRefundKind, title: string, vi: boolean): string {
  if (kind === 'already_owned') {
    return vi
      ? `Bạn đã sở hữu "${title}" từ một đơn hàng khác, nên khoản thanh toán này là thanh toán trùng.`
      : `You already own "${title}" through another order, so this payment was a double charge.`;
  }
  if (kind === 'buyer_deleted') {
    return vi
      ? `Khoản thanh toán cho "${title}" đến sau khi tài khoản đã bị xoá.`
      : `The payment for "${title}" arrived after the account was deleted.`;
  }
  return vi
    ? `"${title}" không còn được bán khi khoản thanh toán đến.`
    : `"${title}" was no longer for sale when the payment arrived.`;
}

/** To the buyer: a payment that bought nothing went back to them automatically. */
export function autoRefundedBuyerMail(input: AutoRefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Đã tự động hoàn tiền đơn hàng ${input.code}`
      : `Order ${input.code} was refunded automatically`,
    heading: vi ? 'Chúng tôi đã hoàn lại tiền cho bạn' : 'We gave your money back',
    paragraphs: [
      autoRefundReason(input.kind, input.title, vi),
      vi
        ? `Chúng tôi đã hoàn ${formatVnd(input.amount, 'vi')}. Tiền sẽ về tài khoản của bạn theo thời gian xử lý của cổng thanh toán. Bạn không cần làm gì thêm.`
        : `We refunded ${formatVnd(input.amount, 'en')}. It reaches your account as fast as your payment provider allows; there is nothing you need to do.`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

/** To the buyer: the automatic refund did not go through; a person takes over. */
export function autoRefundFailedBuyerMail(input: AutoRefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Hoàn tiền đơn hàng ${input.code} đang được xử lý thủ công`
      : `Your refund for ${input.code} is being handled by our team`,
    heading: vi ? 'Việc hoàn tiền cần thêm thời gian' : 'Your refund needs a little longer',
    paragraphs: [
      autoRefundReason(input.kind, input.title, vi),
      vi
        ? `Cổng thanh toán chưa chấp nhận việc hoàn tự động ${formatVnd(input.amount, 'vi')}. Đội ngũ Flowbay đã được báo và sẽ hoàn tiền cho bạn; bạn không cần làm gì thêm.`
        : `The payment provider did not accept the automatic refund of ${formatVnd(input.amount, 'en')}. The Flowbay team has been told and will refund you; there is nothing you need to do.`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

/** To the admins: an automatic refund went through, or failed and needs a person. */
/** To the admins: a provider reported this order paid, for another amount than the one we signed. */
export function amountMismatchAdminMail(input: {
  to: string;
  code: string;
  title: string;
  amount: number;
  reported: number | null;
  provider: string;
  providerRef: string | null;
  buyer: string;
  orderUrl: string;
}): MailMessage {
  const reported =
    input.reported === null ? 'an amount in another currency' : formatVnd(input.reported, 'en');
  return renderMail(input.to, 'en', {
    subject: `Payment for ${input.code} reported with another amount: needs checking`,
    heading: 'A payment report does not match its order',
    paragraphs: [
      `${input.provider} reported order ${input.code} ("${input.title}", ${formatVnd(input.amount, 'en')}, buyer ${input.buyer}) as paid with ${reported} (provider reference: ${input.providerRef ?? 'none'}).`,
      'Nothing was granted or refunded. The amount is part of the payment request Flowbay signs, so check the payment in the provider’s dashboard (and whether the signing secret leaked), then refund or grant by hand.',
    ],
    action: { label: 'Open the orders', url: input.orderUrl },
  });
}

export function autoRefundAdminMail(
  input: Omit<AutoRefundMailInput, 'language'> & {
    buyer: string;
    adminUrl: string;
    outcome: 'refunded' | 'refund_failed';
    error?: string;
  },
): MailMessage {
  const failed = input.outcome === 'refund_failed';
  return renderMail(input.to, 'en', {
    subject: failed
      ? `Automatic refund FAILED for ${input.code}: needs action`
      : `Automatic refund made for ${input.code}`,
    heading: failed ? 'An automatic refund needs action' : 'A payment was refunded automatically',
    paragraphs: [
      `${input.buyer} paid ${formatVnd(input.amount, 'en')} for "${input.title}" (order ${input.code}). ${autoRefundReason(input.kind, input.title, false)}`,
      failed
        ? `The provider refused the refund after every retry (last error: ${input.error ?? 'unknown'}). Refund the buyer by hand, or retry from the payment incidents page.`
        : `The refund went through (reason: ${input.reason}).`,
    ],
    action: { label: 'Open payment incidents', url: input.adminUrl },
  });
}
