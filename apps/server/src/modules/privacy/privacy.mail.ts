import type { DataRequestKind, Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail } from '../../infra/mailer/templates.ts';

const KIND: Record<DataRequestKind, Record<Language, string>> = {
  access: { en: 'access to your personal data', vi: 'truy cập dữ liệu cá nhân' },
  correction: { en: 'correction of your personal data', vi: 'chỉnh sửa dữ liệu cá nhân' },
  deletion: { en: 'deletion of your personal data', vi: 'xóa dữ liệu cá nhân' },
  restriction: { en: 'restriction of processing', vi: 'hạn chế xử lý dữ liệu cá nhân' },
  objection: { en: 'objection to processing', vi: 'phản đối xử lý dữ liệu cá nhân' },
};

/** The operator's answer to a data request, in the language the request was made in. */
export function dataRequestAnswerMail(input: {
  to: string;
  language: Language;
  kind: DataRequestKind;
  status: 'done' | 'refused';
  answer: string;
  requestedAt: Date;
  privacyUrl: string;
}): MailMessage {
  const vi = input.language === 'vi';
  const kind = KIND[input.kind][input.language];
  const date = input.requestedAt.toISOString().slice(0, 10);
  return renderMail(input.to, input.language, {
    subject: vi ? `Trả lời yêu cầu ${kind} của bạn` : `Our answer to your request for ${kind}`,
    heading:
      input.status === 'done'
        ? vi
          ? 'Yêu cầu của bạn đã được thực hiện'
          : 'Your request has been carried out'
        : vi
          ? 'Chúng tôi không thể thực hiện yêu cầu của bạn'
          : 'We could not carry out your request',
    paragraphs: [
      vi
        ? `Ngày ${date}, bạn đã gửi yêu cầu ${kind}. Câu trả lời của chúng tôi:`
        : `On ${date} you asked for ${kind}. Our answer:`,
      input.answer,
    ],
    action: { label: vi ? 'Xem quyền riêng tư của bạn' : 'See your privacy settings', url: input.privacyUrl },
  });
}
