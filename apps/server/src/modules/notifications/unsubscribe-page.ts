import type { Language } from '@flowbay/domain';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type PageState =
  { state: 'confirm'; what: string; token: string } | { state: 'done'; what: string } | { state: 'invalid' };

const TEXT = {
  en: {
    title: 'Unsubscribe — Flowbay',
    confirm: (what: string) =>
      `Stop receiving ${what} from Flowbay? This turns them off in the app and by e-mail.`,
    button: 'Unsubscribe',
    done: (what: string) => `Done: you will no longer receive ${what}.`,
    invalid: 'This unsubscribe link is invalid or was already used.',
    settings: 'Choose which notifications you get in your settings',
  },
  vi: {
    title: 'Hủy đăng ký — Flowbay',
    confirm: (what: string) =>
      `Ngừng nhận ${what} từ Flowbay? Thông báo loại này sẽ tắt cả trong ứng dụng lẫn qua e-mail.`,
    button: 'Hủy đăng ký',
    done: (what: string) => `Xong: bạn sẽ không nhận ${what} nữa.`,
    invalid: 'Liên kết hủy đăng ký này không hợp lệ hoặc đã được dùng.',
    settings: 'Chọn loại thông báo bạn muốn nhận trong phần cài đặt',
  },
} as const;

/**
 * The page behind an e-mail's unsubscribe link, in the recipient's language (`lang` of the link),
 * served by the API itself (a plain form: it works without the web app's scripts). Opening it
 * changes nothing; its button POSTs, as RFC 8058 asks (link scanners only GET).
 */
export function unsubscribePage(language: Language, page: PageState): string {
  const text = TEXT[language];
  const settings = `/me/settings/notifications${language === 'vi' ? '?lang=vi' : ''}`;
  const action = (token: string) =>
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}${language === 'vi' ? '&lang=vi' : ''}`;
  const body =
    page.state === 'confirm'
      ? `<p>${escapeHtml(text.confirm(page.what))}</p>
<form method="post" action="${escapeHtml(action(page.token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#4f46e5;color:#fff;border:0;padding:12px 20px;border-radius:6px;font-size:16px">${escapeHtml(text.button)}</button>
</form>`
      : page.state === 'done'
        ? `<p role="status">${escapeHtml(text.done(page.what))}</p>`
        : `<p role="alert">${escapeHtml(text.invalid)}</p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(text.title)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">Flowbay</h1>
${body}
<p><a href="${escapeHtml(settings)}">${escapeHtml(text.settings)}</a></p>
</body></html>
`;
}
