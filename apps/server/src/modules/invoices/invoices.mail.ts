import { formatVnd, type Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail } from '../../infra/mailer/templates.ts';

/** What every mail to a buyer about their order's VAT invoice names: the order and whom it is made out to. */
interface BuyerInvoiceMailInput {
  to: string;
  language: Language;
  code: string;
  title: string;
  companyName: string;
  taxCode: string;
  orderUrl: string;
}

export interface InvoiceIssuedMailInput extends BuyerInvoiceMailInput {
  amount: number;
  invoiceNumber: string;
  lookupCode: string;
}

/** The lines naming the company and tax code the invoice is made out to. */
function madeOutTo(vi: boolean, input: BuyerInvoiceMailInput): string[] {
  return [
    `${vi ? 'Đơn vị mua hàng' : 'Company'}: ${input.companyName}`,
    `${vi ? 'Mã số thuế' : 'Tax code'}: ${input.taxCode}`,
  ];
}

/** The button back to the order page, where the buyer sees (and until issued, corrects) the invoice. */
function viewOrder(vi: boolean, input: BuyerInvoiceMailInput) {
  return { label: vi ? 'Xem đơn hàng' : 'View order', url: input.orderUrl };
}

/** To the buyer: their VAT invoice (hóa đơn GTGT) is issued, with what they look it up with. */
export function invoiceIssuedMail(input: InvoiceIssuedMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Hóa đơn GTGT cho đơn hàng ${input.code} đã được xuất`
      : `Your VAT invoice for order ${input.code} has been issued`,
    heading: vi ? 'Hóa đơn GTGT của bạn đã sẵn sàng' : 'Your VAT invoice is ready',
    paragraphs: [
      vi
        ? `Chúng tôi đã xuất hóa đơn GTGT cho "${input.title}" (${formatVnd(input.amount, 'vi')}).`
        : `We issued the VAT invoice for "${input.title}" (${formatVnd(input.amount, 'en')}).`,
      ...madeOutTo(vi, input),
      `${vi ? 'Số hóa đơn' : 'Invoice number'}: ${input.invoiceNumber}`,
      `${vi ? 'Mã tra cứu' : 'Lookup code'}: ${input.lookupCode}`,
      vi
        ? 'Dùng mã tra cứu để xem và tải hóa đơn trên trang tra cứu của nhà cung cấp hóa đơn điện tử.'
        : "Use the lookup code to view and download the invoice on the e-invoice provider's lookup page.",
    ],
    action: viewOrder(vi, input),
  });
}

/**
 * To the buyer, when the order is paid and an admin issues the invoice by hand: the request is in,
 * made out to this company and tax code (the receipt itself comes from orders and does not know it).
 */
export function invoiceRequestedMail(input: BuyerInvoiceMailInput): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Đã nhận yêu cầu xuất hóa đơn GTGT cho đơn hàng ${input.code}`
      : `We received your VAT invoice request for order ${input.code}`,
    heading: vi ? 'Chúng tôi sẽ xuất hóa đơn GTGT cho bạn' : 'Your VAT invoice is on its way',
    paragraphs: [
      vi
        ? `Đơn hàng ${input.code} ("${input.title}") đã được thanh toán. Hóa đơn GTGT sẽ được xuất cho:`
        : `Order ${input.code} ("${input.title}") is paid. The VAT invoice will be made out to:`,
      ...madeOutTo(vi, input),
      vi
        ? 'Bạn sẽ nhận e-mail kèm số hóa đơn và mã tra cứu khi hóa đơn được xuất. Bạn vẫn có thể sửa thông tin trên trang đơn hàng cho đến lúc đó.'
        : 'You will get an e-mail with the invoice number and lookup code once it is issued; until then you can still correct the details on the order page.',
    ],
    action: viewOrder(vi, input),
  });
}

/** To the admins, in the operator's language: a refunded order had an issued invoice; an adjustment is due. */
export function adjustmentDueAdminMail(input: {
  to: string;
  language: Language;
  code: string;
  title: string;
  amount: number;
  companyName: string;
  taxCode: string;
  invoiceNumber: string | null;
  adminUrl: string;
}): MailMessage {
  const vi = input.language === 'vi';
  const price = formatVnd(input.amount, input.language);
  const invoice = input.invoiceNumber ?? '';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Cần lập hóa đơn điều chỉnh cho đơn hàng đã hoàn tiền ${input.code}`
      : `Adjustment invoice due for refunded order ${input.code}`,
    heading: vi
      ? 'Một đơn hàng đã hoàn tiền có hóa đơn GTGT đã xuất'
      : 'A refunded order has an issued VAT invoice',
    paragraphs: [
      vi
        ? `Đơn hàng ${input.code} ("${input.title}", ${price}) đã được hoàn tiền sau khi hóa đơn GTGT ${invoice} được xuất cho ${input.companyName} (mã số thuế ${input.taxCode}).`
        : `Order ${input.code} ("${input.title}", ${price}) was refunded after its VAT invoice ${invoice} was issued to ${input.companyName} (tax code ${input.taxCode}).`,
      vi
        ? 'Hãy lập hóa đơn điều chỉnh (hoặc thay thế) trong phần mềm hóa đơn điện tử, rồi đánh dấu đã điều chỉnh trong hàng đợi hóa đơn.'
        : 'Issue an adjustment (or replacement) invoice in the e-invoice software, then mark the adjustment done in the invoices queue.',
    ],
    action: { label: openQueue(vi), url: input.adminUrl },
  });
}

/** To the admins, in the operator's language: the provider refused an invoice after every retry. */
export function invoiceFailedAdminMail(input: {
  to: string;
  language: Language;
  code: string;
  companyName: string;
  taxCode: string;
  error: string;
  adminUrl: string;
}): MailMessage {
  const vi = input.language === 'vi';
  return renderMail(input.to, input.language, {
    subject: vi
      ? `Không xuất được hóa đơn GTGT cho ${input.code}: cần xử lý`
      : `VAT invoice for ${input.code} could not be issued: needs action`,
    heading: vi ? 'Xuất hóa đơn GTGT tự động thất bại' : 'An automatic VAT invoice failed',
    paragraphs: [
      vi
        ? `Nhà cung cấp hóa đơn điện tử không xuất hóa đơn cho đơn hàng ${input.code} (${input.companyName}, mã số thuế ${input.taxCode}) sau mọi lần thử. Lỗi gần nhất: ${input.error}`
        : `The e-invoice provider did not issue the invoice for order ${input.code} (${input.companyName}, tax code ${input.taxCode}) after every retry. Last error: ${input.error}`,
      vi
        ? 'Hãy xuất hóa đơn trong phần mềm hóa đơn điện tử và nhập số hóa đơn cùng mã tra cứu vào hàng đợi hóa đơn.'
        : 'Issue it in the e-invoice software and enter its number and lookup code in the invoices queue.',
    ],
    action: { label: openQueue(vi), url: input.adminUrl },
  });
}

const openQueue = (vi: boolean) => (vi ? 'Mở hàng đợi hóa đơn' : 'Open the invoices queue');
