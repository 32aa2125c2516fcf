import { formatVnd, type Language, type NotificationKind } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail, type MailContent } from '../../infra/mailer/templates.ts';

/** What every notification e-mail carries besides its content: its kind's way out. */
export interface NotificationMailBase {
  to: string;
  language: Language;
  /** The one-click address (RFC 8058): GET shows a confirmation page, POST switches the kind off. */
  unsubscribeUrl: string;
  /** The settings page, in the recipient's language. */
  settingsUrl: string;
}

const WHY: Record<NotificationKind, Record<Language, string>> = {
  sale: {
    en: 'You get this e-mail because sale notifications are on.',
    vi: 'Bạn nhận e-mail này vì đang bật thông báo khi bán được hàng.',
  },
  workflow_update: {
    en: 'You get this e-mail because you own this workflow and agreed to e-mails about its new versions.',
    vi: 'Bạn nhận e-mail này vì bạn sở hữu quy trình này và đã đồng ý nhận e-mail về phiên bản mới.',
  },
  new_listing: {
    en: 'You get this e-mail because you follow this author and agreed to e-mails about their new workflows.',
    vi: 'Bạn nhận e-mail này vì bạn theo dõi tác giả này và đã đồng ý nhận e-mail về quy trình mới của họ.',
  },
};

/**
 * The notification e-mail: its content, a footer saying why it came and how to stop it, and the
 * `List-Unsubscribe` / `List-Unsubscribe-Post` headers mail clients show as one "Unsubscribe" button.
 */
function notificationMail(
  kind: NotificationKind,
  base: NotificationMailBase,
  content: MailContent,
): MailMessage {
  const vi = base.language === 'vi';
  const note = [
    WHY[kind][base.language],
    vi
      ? `Tắt loại thông báo này: ${base.unsubscribeUrl} — hoặc chọn trong cài đặt: ${base.settingsUrl}`
      : `Turn these off: ${base.unsubscribeUrl} — or choose in your settings: ${base.settingsUrl}`,
  ].join(' ');
  return {
    ...renderMail(base.to, base.language, { ...content, note }),
    headers: {
      'List-Unsubscribe': `<${base.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function saleMail(
  input: NotificationMailBase & {
    title: string;
    amount: number;
    net: number;
    buyerFirstName: string;
    salesUrl: string;
  },
): MailMessage {
  const { language } = input;
  const vi = language === 'vi';
  const buyer = input.buyerFirstName || (vi ? 'Một người mua' : 'A buyer');
  return notificationMail('sale', input, {
    subject: vi ? `Bạn vừa bán được “${input.title}”` : `You made a sale: “${input.title}”`,
    heading: vi ? 'Bạn có một đơn bán mới' : 'You made a sale',
    paragraphs: [
      vi ? `${buyer} vừa mua “${input.title}”.` : `${buyer} bought “${input.title}”.`,
      `${vi ? 'Giá bán' : 'Price'}: ${formatVnd(input.amount, language)}`,
      vi
        ? `Bạn nhận (sau phí nền tảng và thuế khấu trừ): ${formatVnd(input.net, language)}`
        : `You receive (after the platform fee and tax withheld): ${formatVnd(input.net, language)}`,
    ],
    action: { label: vi ? 'Xem doanh thu' : 'View your sales', url: input.salesUrl },
  });
}

export function workflowUpdateMail(
  input: NotificationMailBase & { title: string; version: string; notes: string | null; workflowUrl: string },
): MailMessage {
  const vi = input.language === 'vi';
  return notificationMail('workflow_update', input, {
    subject: vi
      ? `Phiên bản mới của “${input.title}”: ${input.version}`
      : `New version of “${input.title}”: ${input.version}`,
    heading: vi ? `Đã có phiên bản ${input.version}` : `Version ${input.version} is out`,
    paragraphs: [
      vi
        ? `Quy trình “${input.title}” mà bạn sở hữu vừa có phiên bản mới. Bạn tải được phiên bản này không mất thêm phí.`
        : `“${input.title}”, a workflow you own, has a new version. You can download it at no extra cost.`,
      input.notes
        ? `${vi ? 'Thay đổi' : 'What changed'}:\n${input.notes}`
        : vi
          ? 'Tác giả không ghi lại thay đổi của phiên bản này.'
          : 'The author did not describe what changed in this version.',
    ],
    action: { label: vi ? 'Xem quy trình' : 'View the workflow', url: input.workflowUrl },
  });
}

export function newListingMail(
  input: NotificationMailBase & { title: string; authorName: string; workflowUrl: string },
): MailMessage {
  const vi = input.language === 'vi';
  return notificationMail('new_listing', input, {
    subject: vi
      ? `${input.authorName} vừa đăng quy trình mới: “${input.title}”`
      : `${input.authorName} published a new workflow: “${input.title}”`,
    heading: vi ? 'Quy trình mới từ tác giả bạn theo dõi' : 'A new workflow from an author you follow',
    paragraphs: [
      vi
        ? `${input.authorName} vừa đăng “${input.title}” trên Flowbay.`
        : `${input.authorName} just published “${input.title}” on Flowbay.`,
    ],
    action: { label: vi ? 'Xem quy trình' : 'View the workflow', url: input.workflowUrl },
  });
}
