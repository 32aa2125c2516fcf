/**
 * The server's outbox (`$DATA_DIR/outbox/*.eml`, written by the file mailer outside production) and
 * accounts made through the real auth endpoints with it: shared by the journeys (e2e/), the benches
 * (bench/) and the n8n check (scripts/check-n8n/).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Quoted-printable text (soft line breaks and `=XX` bytes) as the UTF-8 it stands for. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** MIME parts sent as base64 (nodemailer's choice for text that is mostly non-ASCII), decoded. */
export function decodeBase64Parts(raw: string): string {
  const parts = raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  );
  return [...parts]
    .map((part) => Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
}

/** The raw e-mails to `to` in `dataDir`'s outbox, newest first (none while the folder is missing). */
export function mailsTo(dataDir: string, to: string): string[] {
  const directory = join(dataDir, 'outbox');
  // The whole address: `admin-x@e2e.test` must not pick up mail to `trust-admin-x@e2e.test`.
  const address = to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const addressed = new RegExp(`^To:(?:.*[\\s<,])?${address}(?:[>,\\s]|$)`, 'mi');
  let files: string[];
  try {
    files = readdirSync(directory).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((file) => readFileSync(join(directory, file), 'utf8'))
    .filter((raw) => addressed.test(raw));
}

/** The address-confirmation link in a raw e-mail, or null when the mail is another kind. */
export function confirmationLink(raw: string): string | null {
  return /https?:\/\/[^\s<>"]+\/verify-email\?token=[^\s<>"]+/.exec(decodeQuotedPrintable(raw))?.[0] ?? null;
}

export interface FetchedAccount {
  /** The bearer token (`set-auth-token`). */
  token: string;
  /** The session cookie, as a `cookie` request header. */
  cookie: string;
}

/**
 * A confirmed account through the real endpoints with `fetch`: sign-up, the confirmation link from
 * the outbox (waited for), sign-in. Throws with the server's answer when a step fails.
 */
export async function confirmedAccountByFetch(options: {
  base: string;
  dataDir: string;
  email: string;
  password: string;
  name: string;
  /** How long to wait for the confirmation e-mail. */
  timeoutMs?: number;
}): Promise<FetchedAccount> {
  const { base, dataDir, email, password, name } = options;
  const headers = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let link: string | null = null;
  while (!link && Date.now() < deadline) {
    link = mailsTo(dataDir, email).map(confirmationLink).find(Boolean) ?? null;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!link) throw new Error(`no confirmation e-mail to ${email} in the outbox`);
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { token, cookie };
}
