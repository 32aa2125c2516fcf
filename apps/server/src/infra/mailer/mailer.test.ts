import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../test/auth.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createMailer } from './index.ts';
import { renderMail, resetPasswordMail, verifyEmailMail } from './templates.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ENV = { MAIL_FROM: 'Flowbay <no-reply@flowbay.test>', DATA_DIR: dataDir, SMTP_URL: undefined };

describe('outbox driver (the default without SMTP_URL)', () => {
  it('writes each message as a private .eml file and logs where it is and its link', async () => {
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const mailer = createMailer(ENV, { info: (details, message) => logged.push({ details, message }) });
    expect(mailer.driver).toBe('outbox');
    await mailer.send(
      verifyEmailMail('ana@example.test', 'en', 'http://localhost:3000/api/auth/verify-email?token=abc'),
    );
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
    const file = join(dataDir, 'outbox', files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toMatch(/^From: Flowbay <no-reply@flowbay.test>$/m);
    expect(raw).toMatch(/^To: ana@example.test$/m);
    const parsed = parseMail(raw);
    expect(parsed.link).toBe('http://localhost:3000/api/auth/verify-email?token=abc');
    expect(parsed.html).toContain('href="http://localhost:3000/api/auth/verify-email?token=abc"');
    expect(logged).toEqual([
      {
        message: 'e-mail written to the outbox',
        details: expect.objectContaining({
          to: 'ana@example.test',
          link: 'http://localhost:3000/api/auth/verify-email?token=abc',
        }),
      },
    ]);
    mailer.close();
  });
});

describe('SMTP driver (SMTP_URL)', () => {
  it('delivers text and HTML parts to the SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ ...ENV, SMTP_URL: smtp.url });
      expect(mailer.driver).toBe('smtp');
      await mailer.send(
        resetPasswordMail(
          'binh@example.test',
          'vi',
          'http://localhost:3000/api/auth/reset-password/t?callbackURL=%2F',
        ),
      );
      const [mail] = smtp.to('binh@example.test');
      expect(mail!.subject).toBe('Đặt lại mật khẩu Flowbay');
      expect(mail!.text).toContain(
        'Đặt mật khẩu mới: http://localhost:3000/api/auth/reset-password/t?callbackURL=%2F',
      );
      expect(mail!.html).toContain('<html lang="vi">');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe('templates', () => {
  it('escapes HTML in the content other features pass in', () => {
    const message = renderMail('a@example.test', 'en', {
      subject: 'Your workflow <b>was</b> reviewed',
      heading: 'Review of "<script>alert(1)</script>"',
      paragraphs: ['Reason: <img src=x onerror=alert(1)>'],
      action: { label: 'Open', url: 'https://flowbay.test/workflows/x?a=1&b=2' },
    });
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('href="https://flowbay.test/workflows/x?a=1&#38;b=2"');
    expect(message.text).toContain('Reason: <img src=x onerror=alert(1)>');
    expect(message.link).toBe('https://flowbay.test/workflows/x?a=1&b=2');
  });

  it('has both languages for the account e-mails', () => {
    expect(verifyEmailMail('a@example.test', 'vi', 'http://x.test/v').subject).toBe(
      'Xác nhận địa chỉ e-mail của bạn trên Flowbay',
    );
    expect(verifyEmailMail('a@example.test', 'en', 'http://x.test/v').subject).toBe(
      'Confirm your e-mail address for Flowbay',
    );
    expect(resetPasswordMail('a@example.test', 'en', 'http://x.test/r').subject).toBe(
      'Reset your Flowbay password',
    );
  });
});
