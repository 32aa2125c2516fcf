import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './auth.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
}

/**
 * A real SMTP server on a free local port (plain SMTP, no auth), for tests that send e-mail through
 * the SMTP driver: `createTestApp({ env: { SMTP_URL: smtp.url } })`, then `await smtp.waitFor(address)`.
 * `port` restarts a server on the address of one that was closed (an SMTP outage that ends).
 */
export async function startSmtpServer(options: { port?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = { to, raw, ...parseMail(raw) };
        messages.push(mail);
        for (const waiter of [...waiting]) {
          if (to.includes(waiter.to)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    /** All messages received for `to`, oldest first. */
    to: (address: string) => messages.filter((mail) => mail.to.includes(address.toLowerCase())),
    /** The next (or an already received, not yet awaited) message for `to`. */
    waitFor(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const to = address.toLowerCase();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no e-mail for ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
