import type { Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail } from '../../infra/mailer/templates.ts';

export interface DecisionMailInput {
  to: string;
  language: Language;
  title: string;
  decision: 'approved' | 'rejected' | 'unlisted';
  /** A change to an already listed workflow rather than its first review. */
  isUpdate: boolean;
  reason: string | null;
  workflowUrl: string;
  manageUrl: string;
}

/** The review outcome, in the author's language. */
export function decisionMail(input: DecisionMailInput): MailMessage {
  const { to, language, title, decision, isUpdate, reason, workflowUrl, manageUrl } = input;
  const vi = language === 'vi';
  if (decision === 'approved') {
    return renderMail(to, language, {
      subject: vi ? `Quy trình "${title}" đã được phê duyệt` : `Your workflow "${title}" is approved`,
      heading: vi ? 'Quy trình của bạn đã được phê duyệt' : 'Your workflow is approved',
      paragraphs: [
        isUpdate
          ? vi
            ? `Các thay đổi của "${title}" đã được phê duyệt và đang hiển thị.`
            : `The changes to "${title}" were approved and are now live.`
          : vi
            ? `"${title}" đã được phê duyệt và đang hiển thị trên Flowbay.`
            : `"${title}" was approved and is now listed on Flowbay.`,
      ],
      action: { label: vi ? 'Xem quy trình' : 'View workflow', url: workflowUrl },
    });
  }
  const reasonLine = reason ? [vi ? `Lý do: ${reason}` : `Reason: ${reason}`] : [];
  if (decision === 'unlisted') {
    return renderMail(to, language, {
      subject: vi ? `Quy trình "${title}" đã bị ẩn` : `Your workflow "${title}" was unlisted`,
      heading: vi ? 'Quy trình của bạn đã bị ẩn' : 'Your workflow was unlisted',
      paragraphs: [
        vi
          ? `Sau một báo cáo vi phạm, quản trị viên đã ẩn "${title}" khỏi danh mục.`
          : `After a report, an administrator removed "${title}" from the catalogue.`,
        ...reasonLine,
      ],
      action: { label: vi ? 'Quản lý quy trình' : 'Manage workflow', url: manageUrl },
    });
  }
  return renderMail(to, language, {
    subject: vi ? `Quy trình "${title}" chưa được phê duyệt` : `Your workflow "${title}" was not approved`,
    heading: vi ? 'Quy trình của bạn cần chỉnh sửa' : 'Your workflow needs changes',
    paragraphs: [
      isUpdate
        ? vi
          ? `Các thay đổi của "${title}" chưa được phê duyệt; phiên bản đã phê duyệt trước đó vẫn hiển thị.`
          : `The changes to "${title}" were not approved; the previously approved content stays listed.`
        : vi
          ? `"${title}" chưa được phê duyệt.`
          : `"${title}" was not approved.`,
      ...reasonLine,
      vi
        ? 'Hãy chỉnh sửa hoặc tải lên phiên bản mới để gửi kiểm duyệt lại.'
        : 'Edit it or upload a new version to submit it for review again.',
    ],
    action: { label: vi ? 'Quản lý quy trình' : 'Manage workflow', url: manageUrl },
  });
}
