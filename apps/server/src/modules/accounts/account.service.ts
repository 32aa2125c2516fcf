import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { AVATAR_SIZE, type AccountDeletionRequest, type Language } from '@flowbay/domain';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { Events } from '../../infra/events/events.ts';
import type { Clock, JobQueue } from '../../infra/jobs/queue.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { processImage } from '../../lib/images.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';
import type { AccountExportRepository } from './account-export.repository.ts';
import { deletionLinkMail, exportReadyMail } from './accounts.mail.ts';
import type { OwnProfileRow, ProfilesRepository } from '../profiles/index.ts';

export const EXPORT_JOB = 'account.export';
/** How long an export's e-mailed link works. */
export const EXPORT_DAYS = 7;
const DELETION_LINK_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function sameHash(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AccountServiceOptions {
  repositories: {
    profiles: ProfilesRepository;
    exports: AccountExportRepository;
    deletion: AccountDeletionRepository;
  };
  storage: Storage;
  queue: JobQueue;
  clock: Clock;
  publicUrl: string;
  /** Avatars and deletions are stated as events (the goodbye e-mail and the catalogue listen). */
  events: Pick<Events, 'emit'>;
  /** Better Auth's own password check (its hash format). */
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  log: { warn(details: Record<string, unknown>, message: string): void };
  /** Keeps a served access request on the record of data requests (decision 0174). */
  recordServed?: (input: {
    userId: string;
    email: string;
    language: Language;
    kind: 'access';
    details: string;
  }) => Promise<void>;
}

/** Avatars, "export my data" and "delete my account" (docs/decisions/0080-account-deletion-and-export.md). */
export function createAccountService(options: AccountServiceOptions) {
  const { repositories, storage, queue, clock, publicUrl, events, verifyPassword, log } = options;
  const { profiles, exports: exportsRepository, deletion } = repositories;

  async function ownProfile(userId: string): Promise<OwnProfileRow> {
    const row = await profiles.findOwn(userId);
    if (!row) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
    return row;
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      // A file left behind is harmless (no row points at it); the account change itself has happened.
      await storage
        .delete(key)
        .catch((error: unknown) => log.warn({ key, err: String(error) }, 'file not removed'));
    }
  }

  return {
    /** Cropped square, resized and re-encoded as WebP by the covers' pipeline; the old one is removed. */
    async setAvatar(viewer: Viewer, buffer: Buffer): Promise<OwnProfileRow> {
      const user = requireUser(viewer);
      const before = await ownProfile(user.id);
      const avatar = await processImage(buffer, (input) =>
        input()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer(),
      );
      const key = `avatars/${user.id}/${randomBytes(16).toString('base64url')}.webp`;
      await storage.put(key, avatar, 'image/webp');
      const row = await profiles
        .update(user.id, { image: storage.publicUrl(key), avatarKey: key })
        .catch(async (error: unknown) => {
          await storage.delete(key);
          throw error;
        });
      if (!row) {
        await storage.delete(key);
        throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      }
      await events.emit(null, 'profile.changed', { userId: user.id });
      if (before.avatarKey) await removeFiles([before.avatarKey]);
      return row;
    },

    async removeAvatar(viewer: Viewer): Promise<OwnProfileRow> {
      const user = requireUser(viewer);
      const before = await ownProfile(user.id);
      const row = await profiles.update(user.id, { image: null, avatarKey: null });
      if (!row) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      await events.emit(null, 'profile.changed', { userId: user.id });
      if (before.avatarKey) await removeFiles([before.avatarKey]);
      return row;
    },

    /** Queues the export (once at a time per account); the link is e-mailed when it is ready. */
    async requestExport(viewer: Viewer): Promise<{ status: 'queued'; email: string }> {
      const user = requireUser(viewer);
      const profile = await ownProfile(user.id);
      await queue.enqueue(
        EXPORT_JOB,
        { userId: user.id },
        { dedupeKey: `account-export:${user.id}`, maxAttempts: 5 },
      );
      return { status: 'queued', email: profile.email };
    },

    /** The export job: JSON of every section plus the user's files, zipped into private storage. */
    async buildExport(userId: string): Promise<void> {
      const now = clock();
      await removeFiles(await exportsRepository.takeExpired(now));
      const collected = await exportsRepository.collect(userId);
      if (!collected) return; // deleted meanwhile: nothing to send
      const archive: Zippable = {};
      const missing: string[] = [];
      for (const key of collected.fileKeys) {
        const body = await storage.get(key);
        if (body) archive[`files/${key}`] = new Uint8Array(body);
        else missing.push(key);
      }
      const document = {
        exported_at: now.toISOString(),
        about:
          'Everything Flowbay keeps about this account. Files you uploaded are in the files/ folder of this archive.',
        profile: { ...collected.profile, avatar_key: undefined },
        ...collected.data,
        ...(missing.length > 0 ? { files_missing_from_storage: missing } : {}),
      };
      archive['flowbay-data.json'] = strToU8(JSON.stringify(document, null, 2));
      const zip = Buffer.from(zipSync(archive, { level: 6 }));
      const id = randomUUID();
      const key = `exports/${userId}/${id}.zip`;
      const token = newToken();
      await storage.put(key, zip, 'application/zip');
      await exportsRepository.insert({
        id,
        userId,
        fileKey: key,
        size: zip.length,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + EXPORT_DAYS * DAY_MS),
      });
      const language: Language = collected.profile.locale === 'vi' ? 'vi' : 'en';
      const url = `${publicUrl}/api/profile/me/exports/${id}?token=${token}`;
      await queueMail(queue, exportReadyMail(collected.profile.email, language, url, EXPORT_DAYS));
      await options.recordServed?.({
        userId,
        email: collected.profile.email,
        language,
        kind: 'access',
        details: 'Data export e-mailed to its owner',
      });
    },

    /** The archive, for its owner holding the e-mailed token, until it expires. */
    async downloadExport(
      viewer: Viewer,
      id: string,
      token: string,
    ): Promise<{ body: Buffer; fileName: string }> {
      const user = requireUser(viewer);
      const row = await exportsRepository.findOwn(id, user.id);
      if (!row || !sameHash(row.tokenHash, sha256(token)))
        throw notFound('EXPORT_NOT_FOUND', 'Export not found');
      if (row.expiresAt <= clock()) throw new AppError('EXPORT_EXPIRED', 'This export has expired');
      const body = await storage.get(row.fileKey);
      if (!body) throw notFound('EXPORT_NOT_FOUND', 'Export not found');
      return { body, fileName: `flowbay-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /** For an account without a password (Google): e-mails a link that confirms the deletion. */
    async requestDeletionLink(viewer: Viewer): Promise<{ email: string }> {
      const user = requireUser(viewer);
      const profile = await ownProfile(user.id);
      const token = newToken();
      await deletion.saveLinkToken(user.id, sha256(token), new Date(clock().getTime() + DELETION_LINK_MS));
      const language: Language = profile.locale === 'vi' ? 'vi' : 'en';
      const url = `${publicUrl}/profile?delete=${encodeURIComponent(token)}`;
      await queueMail(queue, deletionLinkMail(profile.email, language, url));
      return { email: profile.email };
    },

    /**
     * Deletes the caller's account, confirmed by the password, or by the e-mailed token for an account
     * without one. Every session ends; personal data goes; kept records lose the person's identity.
     */
    async deleteAccount(viewer: Viewer, confirmation: AccountDeletionRequest): Promise<void> {
      const user = requireUser(viewer);
      const profile = await ownProfile(user.id);
      const hash = await profiles.passwordHash(user.id);
      if (hash) {
        if (!confirmation.password) throw invalid('password', 'Enter your password to delete the account');
        if (!(await verifyPassword(hash, confirmation.password)))
          throw new AppError('WRONG_PASSWORD', 'The password is not correct', 'password');
      } else {
        if (!confirmation.token)
          throw invalid('token', 'Open the link we e-mailed you to delete the account');
        if (!(await deletion.consumeLinkToken(user.id, sha256(confirmation.token), clock())))
          throw new AppError('INVALID_TOKEN', 'The link is invalid or has expired', 'token');
      }
      // Money owed to a seller is not given up by deleting: it is paid out first (decision 0080).
      if ((await deletion.owedTo(user.id)) > 0) {
        throw new AppError('ACCOUNT_HAS_BALANCE', 'Flowbay still owes you money: request a payout first');
      }
      const language: Language = profile.locale === 'vi' ? 'vi' : 'en';
      const farewell = { email: profile.email, language };
      const keys = await deletion.deleteAccount(user.id, clock(), (tx) =>
        events.emit(tx, 'account.deleted', { userId: user.id, farewell }),
      );
      if (keys === null) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      queue.poke();
      await removeFiles(keys);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
