import type { Language } from '@flowbay/domain';
import { formatVietnamDateTime } from '@flowbay/domain/locale-format';
import type { MailMessage } from './index.ts';

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button, e.g. why the recipient got this message. */
  note?: string;
}

const SIGNATURE: Record<Language, string> = { en: 'The Flowbay team', vi: 'Đội ngũ Flowbay' };
const LINK_HINT: Record<Language, string> = {
  en: 'If the button does not work, copy this address into your browser:',
  vi: 'Nếu nút không hoạt động, hãy sao chép địa chỉ này vào trình duyệt:',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * One layout for every e-mail Flowbay sends, with a plain-text and an HTML part.
 * Other features (review decisions, …) build their own `MailContent` in the recipient's language.
 */
export function renderMail(to: string, language: Language, content: MailContent): MailMessage {
  const { subject, heading, paragraphs, action, note } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(note ? [note, ''] : []),
    `— ${SIGNATURE[language]}`,
    '',
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(LINK_HINT[language])}<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${note ? `<p style="font-size:13px;color:#555">${escapeHtml(note)}</p>` : ''}
<p>— ${escapeHtml(SIGNATURE[language])}</p>
</body></html>
`;
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) };
}

export function verifyEmailMail(to: string, language: Language, url: string): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Xác nhận địa chỉ e-mail của bạn trên Flowbay',
          heading: 'Chào mừng bạn đến với Flowbay',
          paragraphs: ['Hãy xác nhận địa chỉ e-mail để hoàn tất đăng ký. Liên kết có hiệu lực trong 24 giờ.'],
          action: { label: 'Xác nhận e-mail', url },
          note: 'Nếu bạn không đăng ký tài khoản Flowbay, hãy bỏ qua e-mail này.',
        }
      : {
          subject: 'Confirm your e-mail address for Flowbay',
          heading: 'Welcome to Flowbay',
          paragraphs: [
            'Please confirm your e-mail address to finish signing up. The link is valid for 24 hours.',
          ],
          action: { label: 'Confirm e-mail', url },
          note: 'If you did not sign up for Flowbay, you can ignore this message.',
        },
  );
}

export function resetPasswordMail(to: string, language: Language, url: string): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Đặt lại mật khẩu Flowbay',
          heading: 'Đặt lại mật khẩu',
          paragraphs: [
            'Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần.',
          ],
          action: { label: 'Đặt mật khẩu mới', url },
          note: 'Nếu bạn không yêu cầu, hãy bỏ qua e-mail này; mật khẩu của bạn vẫn giữ nguyên.',
        }
      : {
          subject: 'Reset your Flowbay password',
          heading: 'Reset your password',
          paragraphs: [
            'We received a request to reset the password of your account. The link is valid for 1 hour and works once.',
          ],
          action: { label: 'Choose a new password', url },
          note: 'If you did not ask for this, ignore this message; your password stays the same.',
        },
  );
}

/** A date and time as a mail states it: in Vietnam's time zone, in the recipient's language. */
export function formatMailDate(date: Date, language: Language): string {
  return formatVietnamDateTime(date, language);
}

export function passwordChangedMail(to: string, language: Language, resetUrl: string): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Mật khẩu Flowbay của bạn đã được đổi',
          heading: 'Mật khẩu đã được đổi',
          paragraphs: [
            'Mật khẩu tài khoản Flowbay của bạn vừa được đổi. Mọi phiên đăng nhập khác đã bị đăng xuất.',
            'Nếu không phải bạn đổi, hãy đặt lại mật khẩu ngay.',
          ],
          action: { label: 'Đặt lại mật khẩu', url: resetUrl },
        }
      : {
          subject: 'Your Flowbay password was changed',
          heading: 'Your password was changed',
          paragraphs: [
            'The password of your Flowbay account was just changed. Every other session was signed out.',
            'If this was not you, reset your password now.',
          ],
          action: { label: 'Reset password', url: resetUrl },
        },
  );
}
