import type { Language } from '@flowbay/domain';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { renderMail } from '../../infra/mailer/templates.ts';

export function exportReadyMail(to: string, language: Language, url: string, days: number): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Dữ liệu Flowbay của bạn đã sẵn sàng',
          heading: 'Bản xuất dữ liệu đã sẵn sàng',
          paragraphs: [
            'Tệp zip gồm mọi dữ liệu Flowbay lưu về bạn (một tệp JSON) và các tệp bạn đã tải lên.',
            `Liên kết có hiệu lực trong ${days} ngày; bạn cần đăng nhập bằng tài khoản này để tải.`,
          ],
          action: { label: 'Tải dữ liệu', url },
          note: 'Nếu bạn không yêu cầu xuất dữ liệu, hãy đổi mật khẩu.',
        }
      : {
          subject: 'Your Flowbay data is ready',
          heading: 'Your data export is ready',
          paragraphs: [
            'The zip holds everything Flowbay keeps about you (one JSON file) and the files you uploaded.',
            `The link works for ${days} days, while you are signed in to this account.`,
          ],
          action: { label: 'Download my data', url },
          note: 'If you did not ask for an export, change your password.',
        },
  );
}

export function deletionLinkMail(to: string, language: Language, url: string): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Xác nhận xóa tài khoản Flowbay',
          heading: 'Xóa tài khoản của bạn?',
          paragraphs: [
            'Bạn đã yêu cầu xóa tài khoản Flowbay. Mở liên kết trong vòng 1 giờ để xác nhận. Việc xóa không thể hoàn tác.',
          ],
          action: { label: 'Xác nhận xóa tài khoản', url },
          note: 'Nếu bạn không yêu cầu, hãy bỏ qua e-mail này; tài khoản vẫn giữ nguyên.',
        }
      : {
          subject: 'Confirm deleting your Flowbay account',
          heading: 'Delete your account?',
          paragraphs: [
            'You asked to delete your Flowbay account. Open the link within 1 hour to confirm. Deletion cannot be undone.',
          ],
          action: { label: 'Confirm account deletion', url },
          note: 'If you did not ask for this, ignore this message; your account stays as it is.',
        },
  );
}

export function accountDeletedMail(to: string, language: Language): MailMessage {
  return renderMail(
    to,
    language,
    language === 'vi'
      ? {
          subject: 'Tài khoản Flowbay của bạn đã bị xóa',
          heading: 'Tài khoản đã bị xóa',
          paragraphs: [
            'Tài khoản và dữ liệu cá nhân của bạn đã được xóa. Hồ sơ đơn hàng được giữ theo quy định pháp luật, không còn tên và e-mail của bạn.',
          ],
        }
      : {
          subject: 'Your Flowbay account was deleted',
          heading: 'Your account was deleted',
          paragraphs: [
            'Your account and personal data were deleted. Order records are kept as the law requires, without your name or e-mail address.',
          ],
        },
  );
}
