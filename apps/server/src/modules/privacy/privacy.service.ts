import {
  CONSENT_PURPOSES,
  CONSENT_TEXT_VERSION,
  DATA_REQUEST_DUE_HOURS,
  type AdminDataRequest,
  type ConsentList,
  type ConsentPurpose,
  type DataRequest,
  type DataRequestAnswerBody,
  type DataRequestInput,
  type DataRequestKind,
  type DataRequestStatus,
  type Language,
} from '@flowbay/domain';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';
import type { Clock, JobQueue } from '../../infra/jobs/queue.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireAdmin, signedIn } from '../../lib/guards.ts';
import { dataRequestAnswerMail } from './privacy.mail.ts';
import type { DataRequestRow, PrivacyRepository } from './privacy.repository.ts';

export interface PrivacyDeps {
  repository: PrivacyRepository;
  queue: JobQueue;
  clock: Clock;
  publicUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;
const language = (value: string | null | undefined): Language => (value === 'vi' ? 'vi' : 'en');

function toRequest(row: DataRequestRow): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    details: row.details,
    status: row.status,
    due_at: row.dueAt.toISOString(),
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminRequest(row: DataRequestRow, now: Date): AdminDataRequest {
  return {
    ...toRequest(row),
    requester_email: row.requesterEmail,
    user_id: row.userId,
    language: row.language,
    overdue: row.status === 'open' && row.dueAt.getTime() < now.getTime(),
    answered_by: row.answeredBy,
  };
}

/**
 * Consent per purpose and data-subject requests (docs/decisions/0174-consent-and-data-requests.md).
 * Other modules ask `hasConsent` / `consentedAmong` before sending anything optional.
 */
export function createPrivacyService({ repository, queue, clock, publicUrl }: PrivacyDeps) {
  async function consentsOf(userId: string): Promise<ConsentList> {
    const rows = new Map((await repository.currentConsents(userId)).map((row) => [row.purpose, row]));
    return {
      consents: CONSENT_PURPOSES.map((purpose) => {
        const row = rows.get(purpose);
        return {
          purpose,
          granted: row?.granted ?? false,
          since: row?.createdAt.toISOString() ?? null,
          text_version: row?.textVersion ?? null,
        };
      }),
    };
  }

  const dueFrom = (kind: DataRequestKind, now: Date) =>
    new Date(now.getTime() + DATA_REQUEST_DUE_HOURS[kind] * HOUR_MS);

  return {
    /** Whether the user's latest answer for `purpose` is a grant (no answer is no consent). */
    async hasConsent(userId: string, purpose: ConsentPurpose): Promise<boolean> {
      return (await repository.grantedAmong([userId], purpose)).has(userId);
    },

    /** Of these users, those who currently consent to `purpose`. */
    consentedAmong: (userIds: string[], purpose: ConsentPurpose, tx?: Queryable) =>
      repository.grantedAmong(userIds, purpose, tx),

    async consents(viewer: Viewer) {
      return consentsOf(signedIn(viewer).id);
    },

    /** Records the caller's answer for one purpose (each change is a new row of the history). */
    async setConsent(viewer: Viewer, body: { purpose: ConsentPurpose; granted: boolean }, lang: Language) {
      const user = signedIn(viewer);
      await repository.record([
        {
          userId: user.id,
          purpose: body.purpose,
          granted: body.granted,
          textVersion: CONSENT_TEXT_VERSION,
          language: lang,
          source: 'settings',
          at: clock(),
        },
      ]);
      return consentsOf(user.id);
    },

    /**
     * The optional purposes ticked on the sign-up form, recorded once for the account just made with
     * that address (a repeated call, or one for an older account, records nothing).
     */
    async recordSignUp(email: string, purposes: readonly ConsentPurpose[], lang: Language) {
      const account = await repository.userByEmail(email);
      if (!account || (await repository.hasSignUpRecord(account.id))) return false;
      const now = clock();
      // Only a sign-up that has just made the account: an old account is not re-consented by a retry.
      if (now.getTime() - account.createdAt.getTime() > HOUR_MS) return false;
      const granted = new Set(purposes);
      await repository.record(
        CONSENT_PURPOSES.filter((purpose) => granted.has(purpose)).map((purpose) => ({
          userId: account.id,
          purpose,
          granted: true,
          textVersion: CONSENT_TEXT_VERSION,
          language: lang,
          source: 'sign_up' as const,
          at: now,
        })),
      );
      return true;
    },

    /** An e-mail's unsubscribe link: the purpose's consent is withdrawn. */
    async withdrawByUnsubscribe(userId: string, purpose: ConsentPurpose, lang: Language, tx?: Queryable) {
      await repository.record(
        [
          {
            userId,
            purpose,
            granted: false,
            textVersion: CONSENT_TEXT_VERSION,
            language: lang,
            source: 'unsubscribe',
            at: clock(),
          },
        ],
        tx,
      );
    },

    async ownRequests(viewer: Viewer) {
      const user = signedIn(viewer);
      return { requests: (await repository.ownRequests(user.id)).map(toRequest) };
    },

    /** A correction, restriction or objection request, due within its kind's deadline. */
    async createRequest(viewer: Viewer, input: DataRequestInput, lang: Language): Promise<DataRequest> {
      const user = signedIn(viewer);
      const owner = await repository.owner(user.id);
      if (!owner) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      const now = clock();
      const row = await repository.insertRequest({
        userId: user.id,
        requesterEmail: owner.email,
        kind: input.kind,
        details: input.details,
        language: lang,
        status: 'open',
        dueAt: dueFrom(input.kind, now),
        createdAt: now,
      });
      return toRequest(row);
    },

    /**
     * A request served at once by the account's own functions (the data export, the deletion): kept
     * as done, so the record of requests is whole.
     */
    async recordServed(
      input: {
        userId: string;
        email: string;
        language: Language;
        kind: 'access' | 'deletion';
        details: string;
      },
      tx?: Queryable,
    ) {
      const now = clock();
      await repository.insertRequest(
        {
          userId: input.userId,
          requesterEmail: input.email,
          kind: input.kind,
          details: input.details,
          language: input.language,
          status: 'done',
          dueAt: dueFrom(input.kind, now),
          createdAt: now,
          answeredAt: now,
        },
        tx,
      );
    },

    async queue(viewer: Viewer, status: DataRequestStatus | undefined) {
      requireAdmin(viewer);
      const now = clock();
      const rows = (await repository.queue(status)).map((row) => toAdminRequest(row, now));
      // Overdue first, then by due date (the repository's order).
      return { requests: [...rows.filter((row) => row.overdue), ...rows.filter((row) => !row.overdue)] };
    },

    /** An administrator's answer: kept on the record and e-mailed to the requester in their language. */
    async answer(viewer: Viewer, id: string, body: DataRequestAnswerBody) {
      const admin = requireAdmin(viewer);
      const now = clock();
      // The answer and its e-mail commit together: no answer is recorded that its requester never gets.
      const row = await repository.transaction(async (tx) => {
        const answered = await repository.answer(id, { ...body, answeredBy: admin.id, at: now }, tx);
        if (!answered) return null;
        const lang = language(answered.language);
        await queueMail(
          queue,
          dataRequestAnswerMail({
            to: answered.requesterEmail,
            language: lang,
            kind: answered.kind,
            status: body.status,
            answer: body.answer,
            requestedAt: answered.createdAt,
            privacyUrl: `${publicUrl}/me/settings/privacy${lang === 'vi' ? '?lang=vi' : ''}`,
          }),
          { db: tx },
        );
        return answered;
      });
      if (!row) {
        if (await repository.findRequest(id))
          throw new AppError('PRIVACY_REQUEST_ALREADY_ANSWERED', 'This request has already been answered');
        throw notFound('PRIVACY_REQUEST_NOT_FOUND', 'Privacy request not found');
      }
      queue.poke();
      return toAdminRequest(row, now);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
