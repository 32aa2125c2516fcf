import {
  LICENCE_NAMES,
  formatVnd,
  paymentProviderName,
  type Language,
  type LicenceTier,
} from '@flowbay/domain';
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
  /** The licence bought (Personal when absent); an upgrade names the tier it replaced. */
  licence?: LicenceTier;
  upgradeFrom?: LicenceTier | null;
  discountCode?: string | null;
  discountAmount?: number;
  /** A bundle order: `title` is the bundle's, and these are the workflows it grants. */
  bundleWorkflows?: string[] | null;
}

/** "Commercial", or "Commercial (upgrade from Personal)", in the mail's language. */
function licenceLine(input: ReceiptInput): string {
  const language = input.language;
  const vi = language === 'vi';
  const name = LICENCE_NAMES[input.licence ?? 'personal'][language];
  if (input.bundleWorkflows) return `${name} (${vi ? 'cho từng quy trình' : 'for each workflow'})`;
  if (!input.upgradeFrom) return name;
  const from = LICENCE_NAMES[input.upgradeFrom][language];
  return `${name} (${vi ? `nâng cấp từ ${from}` : `upgrade from ${from}`})`;
}

/** Where the buyer gets what they paid for: the new licence's file, each workflow, or the workflow. */
function whereToDownload(vi: boolean, upgrade: { en: string; vi: string } | null, bundle: boolean): string {
  if (upgrade) {
    return vi
      ? `Giấy phép của bạn giờ là ${upgrade.vi}. Tải lại quy trình trong mục "Đã mua" để nhận tệp ghi giấy phép mới.`
      : `Your licence is now ${upgrade.en}. Download the workflow again from "My purchases" to get a file that names it.`;
  }
  if (vi) {
    return `Bạn có thể tải ${bundle ? 'từng quy trình' : 'quy trình'} và mọi phiên bản sau này trong mục "Đã mua".`;
  }
  return `You can download ${bundle ? 'each workflow' : 'the workflow'}, and every later version, from "My purchases".`;
}

/**
 * The receipt, in the buyer's language: order code, item (a bundle and each workflow it grants),
 * the licence bought (an upgrade and the tier it replaced), a discount code, buyer, amount (which
 * includes every fee: the buyer pays the listed price and nothing on top), provider reference, date,
 * seller.
 */
export function receiptMail(input: ReceiptInput): MailMessage {
  const vi = input.language === 'vi';
  const provider = paymentProviderName(input.provider, input.language, 'receipt');
  const bundle = input.bundleWorkflows ?? null;
  const discount = input.discountAmount ?? 0;
  const upgrade = !bundle && input.upgradeFrom ? LICENCE_NAMES[input.licence ?? 'personal'] : null;
  return renderMail(input.to, input.language, {
    subject: vi ? `Biên nhận Flowbay ${input.code}` : `Your Flowbay receipt ${input.code}`,
    heading: vi ? 'Cảm ơn bạn đã mua hàng' : 'Thank you for your purchase',
    paragraphs: [
      `${vi ? 'Mã đơn hàng' : 'Order code'}: ${input.code}`,
      bundle ? `${vi ? 'Combo' : 'Bundle'}: ${input.title}` : `${vi ? 'Sản phẩm' : 'Item'}: ${input.title}`,
      ...(bundle
        ? [
            `${vi ? `Các quy trình trong combo (${bundle.length})` : `Workflows in this bundle (${bundle.length})`}: ${bundle.join('; ')}`,
          ]
        : []),
      `${vi ? 'Giấy phép' : 'Licence'}: ${licenceLine(input)}`,
      ...(discount > 0
        ? [
            `${vi ? 'Mã giảm giá' : 'Discount code'}: ${input.discountCode ?? ''} (−${formatVnd(discount, input.language)})`,
          ]
        : []),
      `${vi ? 'Người mua' : 'Buyer'}: ${input.buyer}`,
      `${vi ? 'Số tiền' : 'Amount'}: ${formatVnd(input.amount, input.language)} ${vi ? '(đã gồm mọi khoản phí)' : '(all fees included)'}`,
      `${vi ? 'Thanh toán qua' : 'Paid with'}: ${provider}`,
      `${vi ? 'Mã giao dịch' : 'Provider reference'}: ${input.providerRef ?? '—'}`,
      `${vi ? 'Ngày' : 'Date'}: ${formatMailDate(input.paidAt, input.language)}`,
      `${vi ? 'Người bán' : 'Seller'}: ${input.seller}`,
      `${whereToDownload(vi, upgrade, bundle !== null)} ${vi ? 'Yêu cầu hoàn tiền được chấp nhận trong vòng 7 ngày.' : 'Refunds can be requested within 7 days.'}`,
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
      vi ? 'Bạn không còn quyền tải quy trình này.' : 'The workflow is no longer in your library.',
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
        ? `Yêu cầu hoàn tiền cho "${input.title}" không được chấp nhận. Bạn vẫn giữ quyền tải quy trình.`
        : `Your request to refund "${input.title}" was declined. The workflow stays in your library.`,
      `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

/** To the admins, in the operator's language: a buyer asked for a refund. */
export function refundRequestedMail(
  input: RefundMailInput & { buyer: string; adminUrl: string },
): MailMessage {
  const vi = input.language === 'vi';
  const price = formatVnd(input.amount, input.language);
  return renderMail(input.to, input.language, {
    subject: vi ? `Yêu cầu hoàn tiền cho ${input.code}` : `Refund requested for ${input.code}`,
    heading: vi ? 'Một người mua yêu cầu hoàn tiền' : 'A buyer asked for a refund',
    paragraphs: [
      vi
        ? `${input.buyer} yêu cầu hoàn tiền đơn hàng ${input.code} ("${input.title}", ${price}).`
        : `${input.buyer} asked to refund order ${input.code} ("${input.title}", ${price}).`,
      `${vi ? 'Lý do' : 'Reason'}: ${input.reason}`,
    ],
    action: { label: vi ? 'Mở danh sách hoàn tiền' : 'Open the refund queue', url: input.adminUrl },
  });
}

/**
 * The seller hears of a refund request on their listing at once, in their language: the buyer's
 * reason, and the link where they accept it or say why not, within 48 hours (decision 0158).
 */
export function refundRequestedSellerMail(
  input: RefundMailInput & { answerUrl: string; answerBy: Date },
): MailMessage {
  const vi = input.language === 'vi';
  const price = formatVnd(input.amount, input.language);
  const by = formatMailDate(input.answerBy, input.language);
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Người mua yêu cầu hoàn tiền "${input.title}" (${input.code})`
      : `A buyer asked for a refund of "${input.title}" (${input.code})`,
    heading: vi ? 'Một người mua yêu cầu hoàn tiền' : 'A buyer asked for a refund',
    paragraphs: [
      vi
        ? `Người mua đơn hàng ${input.code} ("${input.title}", ${price}) yêu cầu hoàn tiền.`
        : `The buyer of order ${input.code} ("${input.title}", ${price}) asked for a refund.`,
      `${vi ? 'Lý do của người mua' : "The buyer's reason"}: ${input.reason}`,
      vi
        ? `Bạn có thể đồng ý hoàn tiền hoặc cho biết lý do không đồng ý trước ${by}. Quản trị viên sẽ quyết định sau khi xem lý do của người mua, phản hồi của bạn và việc người mua đã tải hay nhập quy trình hay chưa.`
        : `You can accept the refund, or tell us why not, until ${by}. An admin decides after reading the buyer's reason, your answer, and whether the buyer downloaded or imported the workflow.`,
    ],
    action: { label: vi ? 'Phản hồi yêu cầu' : 'Answer the request', url: input.answerUrl },
  });
}

export type AutoRefundKind = 'already_owned' | 'workflow_unavailable' | 'buyer_deleted' | 'amount_mismatch';

export interface AutoRefundMailInput extends RefundMailInput {
  kind: AutoRefundKind;
  /** The order's price, when the payment brought in another amount (`amount`). */
  orderAmount: number;
}

/** Why a payment bought nothing, as the buyer reads it. */
function autoRefundReason(
  input: Pick<AutoRefundMailInput, 'kind' | 'title' | 'amount' | 'orderAmount'>,
  vi: boolean,
): string {
  const { kind, title } = input;
  if (kind === 'amount_mismatch') {
    return vi
      ? `Khoản chuyển ${formatVnd(input.amount, 'vi')} cho "${title}" không khớp với giá đơn hàng ${formatVnd(input.orderAmount, 'vi')}, nên đơn hàng không được hoàn tất.`
      : `The ${formatVnd(input.amount, 'en')} transferred for "${title}" did not match the order's price of ${formatVnd(input.orderAmount, 'en')}, so the order could not be completed.`;
  }
  if (kind === 'already_owned') {
    return vi
      ? `Bạn đã sở hữu "${title}" từ một đơn hàng khác, nên khoản thanh toán này là thanh toán trùng.`
      : `You already own "${title}" through another order, so this payment was a double charge.`;
  }
  if (kind === 'buyer_deleted') {
    return vi
      ? `Khoản thanh toán cho "${title}" đến sau khi tài khoản đã bị xóa.`
      : `The payment for "${title}" arrived after the account was deleted.`;
  }
  return vi
    ? `"${title}" không còn được bán khi khoản thanh toán đến.`
    : `"${title}" was no longer for sale when the payment arrived.`;
}

/**
 * To the buyer: a payment that bought nothing went back to them, automatically through the provider
 * or by the team's bank transfer (`byTransfer`).
 */
export function autoRefundedBuyerMail(input: AutoRefundMailInput & { byTransfer: boolean }): MailMessage {
  const vi = input.language === 'vi';
  const amount = formatVnd(input.amount, input.language);
  return renderMail(input.to, input.language, {
    subject: input.byTransfer
      ? vi
        ? `Đã chuyển trả khoản thanh toán cho đơn hàng ${input.code}`
        : `We sent back your payment for order ${input.code}`
      : vi
        ? `Đã tự động hoàn tiền đơn hàng ${input.code}`
        : `Order ${input.code} was refunded automatically`,
    heading: vi ? 'Chúng tôi đã hoàn tiền cho bạn' : 'We gave your money back',
    paragraphs: [
      autoRefundReason(input, vi),
      input.byTransfer
        ? vi
          ? `Chúng tôi đã chuyển khoản trả ${amount} về tài khoản bạn đã dùng để thanh toán. Bạn không cần làm gì thêm.`
          : `We sent ${amount} back by bank transfer to the account you paid from; there is nothing you need to do.`
        : vi
          ? `Chúng tôi đã hoàn ${amount}. Tiền sẽ về tài khoản của bạn theo thời gian xử lý của cổng thanh toán. Bạn không cần làm gì thêm.`
          : `We refunded ${amount}. It reaches your account as fast as your payment provider allows; there is nothing you need to do.`,
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
      autoRefundReason(input, vi),
      vi
        ? `Cổng thanh toán chưa chấp nhận việc hoàn tự động ${formatVnd(input.amount, 'vi')}. Đội ngũ Flowbay đã được báo và sẽ hoàn tiền cho bạn; bạn không cần làm gì thêm.`
        : `The payment provider did not accept the automatic refund of ${formatVnd(input.amount, 'en')}. The Flowbay team has been told and will refund you; there is nothing you need to do.`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

/**
 * To the buyer: a transfer for another amount than the order's was received and is held; the team
 * sends it back by hand, and buying needs a new order paid with the exact amount.
 */
export function paymentHeldBuyerMail(input: AutoRefundMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Số tiền chuyển cho đơn hàng ${input.code} không khớp`
      : `The amount you sent for order ${input.code} did not match`,
    heading: vi ? 'Chúng tôi sẽ trả lại khoản tiền này' : 'We will send this money back',
    paragraphs: [
      autoRefundReason(input, vi),
      vi
        ? `Đội ngũ Flowbay sẽ chuyển trả ${formatVnd(input.amount, 'vi')} về tài khoản đã chuyển và báo bạn qua e-mail khi xong. Bạn không cần làm gì thêm.`
        : `The Flowbay team will send ${formatVnd(input.amount, 'en')} back to the account it came from and e-mail you when it is done. There is nothing you need to do.`,
      vi
        ? `Để mua quy trình, hãy tạo đơn hàng mới và chuyển đúng ${formatVnd(input.orderAmount, 'vi')} với nội dung chuyển khoản được hiển thị.`
        : `To buy the workflow, place a new order and transfer exactly ${formatVnd(input.orderAmount, 'en')} with the transfer content shown.`,
    ],
    action: { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl },
  });
}

/**
 * To the admins, in the operator's language: a provider reported this order paid for another amount
 * than the order's. The payment is held (never entitled) until an admin sends it back.
 */
export function amountMismatchAdminMail(input: {
  to: string;
  language: Language;
  code: string;
  title: string;
  amount: number;
  reported: number | null;
  provider: string;
  providerRef: string | null;
  buyer: string;
  adminUrl: string;
}): MailMessage {
  const vi = input.language === 'vi';
  const reported =
    input.reported === null
      ? vi
        ? 'một số tiền bằng loại tiền khác'
        : 'an amount in another currency'
      : formatVnd(input.reported, input.language);
  const price = formatVnd(input.amount, input.language);
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Thanh toán cho ${input.code} có số tiền khác: cần xử lý`
      : `Payment for ${input.code} reported with another amount: needs action`,
    heading: vi ? 'Một khoản thanh toán không khớp với đơn hàng' : 'A payment does not match its order',
    paragraphs: [
      vi
        ? `${input.provider} báo đơn hàng ${input.code} ("${input.title}", ${price}, người mua ${input.buyer}) đã thanh toán ${reported} (mã giao dịch: ${input.providerRef ?? 'không có'}).`
        : `${input.provider} reported order ${input.code} ("${input.title}", ${price}, buyer ${input.buyer}) as paid with ${reported} (provider reference: ${input.providerRef ?? 'none'}).`,
      vi
        ? 'Đơn hàng không được cấp quyền tải; khoản tiền đang được giữ và người mua đã được báo. Hãy chuyển trả số tiền đã nhận (chuyển khoản ngân hàng hoặc trên trang quản trị của cổng thanh toán), rồi ghi nhận việc hoàn tiền ở trang sự cố thanh toán. Với thẻ hoặc VNPay, số tiền nằm trong yêu cầu Flowbay đã ký, nên hãy kiểm tra cả khả năng lộ khóa ký.'
        : 'Nothing was granted; the payment is held and the buyer has been told. Send the received amount back (by bank transfer, or in the provider’s dashboard), then record the refund on the payment incidents page. For a card or VNPay payment the amount is part of the request Flowbay signs, so also check whether the signing secret leaked.',
    ],
    action: { label: vi ? 'Mở sự cố thanh toán' : 'Open payment incidents', url: input.adminUrl },
  });
}

/** To the admins, in the operator's language: an automatic refund went through, or needs a person. */
export function autoRefundAdminMail(
  input: AutoRefundMailInput & {
    buyer: string;
    adminUrl: string;
    outcome: 'refunded' | 'refund_failed';
    error?: string;
  },
): MailMessage {
  const vi = input.language === 'vi';
  const failed = input.outcome === 'refund_failed';
  const paid = vi
    ? `${input.buyer} đã thanh toán ${formatVnd(input.amount, 'vi')} cho "${input.title}" (đơn hàng ${input.code}).`
    : `${input.buyer} paid ${formatVnd(input.amount, 'en')} for "${input.title}" (order ${input.code}).`;
  const outcome = failed
    ? vi
      ? `Cổng thanh toán từ chối hoàn tiền sau mọi lần thử (lỗi gần nhất: ${input.error ?? 'không rõ'}). Hãy hoàn tiền thủ công cho người mua, hoặc thử lại từ trang sự cố thanh toán.`
      : `The provider refused the refund after every retry (last error: ${input.error ?? 'unknown'}). Refund the buyer by hand, or retry from the payment incidents page.`
    : vi
      ? `Đã hoàn tiền (lý do: ${input.reason}).`
      : `The refund went through (reason: ${input.reason}).`;
  return renderMail(input.to, input.language, {
    subject: failed
      ? vi
        ? `Hoàn tiền tự động THẤT BẠI cho ${input.code}: cần xử lý`
        : `Automatic refund FAILED for ${input.code}: needs action`
      : vi
        ? `Đã hoàn tiền cho ${input.code}`
        : `Refund made for ${input.code}`,
    heading: failed
      ? vi
        ? 'Một khoản hoàn tiền tự động cần xử lý'
        : 'An automatic refund needs action'
      : vi
        ? 'Một khoản thanh toán đã được hoàn lại'
        : 'A payment was refunded',
    paragraphs: [`${paid} ${autoRefundReason(input, vi)}`, outcome],
    action: { label: vi ? 'Mở sự cố thanh toán' : 'Open payment incidents', url: input.adminUrl },
  });
}
