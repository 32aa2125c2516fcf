import type { Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail } from '../../infra/mailer/templates.ts';

/** The one reminder a buyer gets, a few days after paying, in the language they bought in. */
export function reviewReminderMail(input: {
  to: string;
  language: Language;
  name: string;
  title: string;
  url: string;
}): MailMessage {
  const { to, language, name, title, url } = input;
  const greeting = name.trim();
  if (language === 'vi') {
    return renderMail(to, language, {
      subject: `Bạn thấy "${title}" thế nào?`,
      heading: greeting ? `Chào ${greeting},` : 'Xin chào,',
      paragraphs: [
        `Vài ngày trước bạn đã mua "${title}" trên Flowbay.`,
        'Một đánh giá ngắn (từ 1 đến 5 sao, có thể kèm vài dòng nhận xét) giúp người mua khác chọn đúng và giúp tác giả cải thiện quy trình.',
      ],
      action: { label: 'Viết đánh giá', url },
      note: 'Đây là lời nhắc duy nhất cho lần mua này.',
    });
  }
  return renderMail(to, language, {
    subject: `How is "${title}" working for you?`,
    heading: greeting ? `Hi ${greeting},` : 'Hello,',
    paragraphs: [
      `A few days ago you bought "${title}" on Flowbay.`,
      'A short review (1 to 5 stars, a few words if you like) helps other buyers choose and helps the author improve the workflow.',
    ],
    action: { label: 'Write a review', url },
    note: 'This is the only reminder for this purchase.',
  });
}
