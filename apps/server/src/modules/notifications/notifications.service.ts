import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationPayload,
  workflowPath,
  type ConsentPurpose,
  type Language,
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
} from '@flowbay/domain';
import type { OrderFact } from '../../infra/events/domain-events.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { Clock, JobQueue } from '../../infra/jobs/queue.ts';
import type { MailMessage } from '../../infra/mailer/index.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { signedIn } from '../../lib/guards.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import type { SalesService } from '../sales/sales.service.ts';
import {
  newListingMail,
  saleMail,
  workflowUpdateMail,
  type NotificationMailBase,
} from './notifications.mail.ts';
import { recipients, type NotificationsRepository, type NotifiedUser } from './notifications.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export interface NotificationsDeps {
  repository: NotificationsRepository;
  queue: JobQueue;
  clock: Clock;
  publicUrl: string;
  tokens: UnsubscribeTokens;
  sales: Pick<SalesService, 'saleOf'>;
  /** Consent per purpose: an optional kind's e-mail goes only to those who consented to it. */
  privacy: Pick<PrivacyService, 'consentedAmong' | 'withdrawByUnsubscribe'>;
}

/**
 * The kinds whose e-mails need the recipient's consent (decision 0174); a sale's e-mail to its seller
 * is part of the service. In-app notifications follow the notification settings only.
 */
const CONSENTED_KINDS = {
  workflow_update: 'workflow_update',
  new_listing: 'new_listing',
} as const satisfies Partial<Record<NotificationKind, ConsentPurpose>>;
const purposeOf = (kind: NotificationKind): ConsentPurpose | null =>
  kind in CONSENTED_KINDS ? CONSENTED_KINDS[kind as keyof typeof CONSENTED_KINDS] : null;

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 'This unsubscribe link is invalid or was already used');
const profileNotFound = () => notFound('PROFILE_NOT_FOUND', 'Profile not found');

/**
 * The name a seller is shown of their buyer: one word of it, never the whole name nor the e-mail.
 * Vietnamese names put the given name last (Nguyễn Văn An → An), so a Vietnamese-speaking buyer's
 * last word is taken, anyone else's first.
 */
export function firstNameOf(name: string, language: Language): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return (language === 'vi' ? words[words.length - 1] : words[0])!;
}

/** The address of a page in `language`: English plain, Vietnamese with `?lang=vi` (as the web reads it). */
const inLanguage = (url: string, language: Language) =>
  language === 'vi' ? `${url}${url.includes('?') ? '&' : '?'}lang=vi` : url;

export function createNotificationsService(deps: NotificationsDeps) {
  const { repository, queue, clock, publicUrl, tokens } = deps;

  function mailBase(to: NotifiedUser, kind: NotificationKind, now: Date): NotificationMailBase {
    const token = tokens.issue(to.id, kind, now);
    return {
      to: to.email,
      language: to.locale,
      unsubscribeUrl: inLanguage(
        `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        to.locale,
      ),
      // An optional kind's e-mail is a consent, given or withdrawn on the privacy page (decision 0174).
      settingsUrl: inLanguage(
        `${publicUrl}/me/settings/${purposeOf(kind) ? 'privacy' : 'notifications'}`,
        to.locale,
      ),
    };
  }

  /**
   * Writes the notification rows and queues their e-mails in one transaction: a recipient who
   * switched the kind off gets neither, and a replayed event (the same `dedupeKey`) gets nothing new.
   * An optional kind's e-mail goes only to the recipients who consent to its purpose now.
   */
  async function deliver(
    kind: NotificationKind,
    dedupeKey: string,
    payload: NotificationPayload,
    to: Parameters<NotificationsRepository['notify']>[1]['to'],
    mail: (base: NotificationMailBase, recipient: NotifiedUser) => MailMessage,
    except?: string | null,
  ) {
    const now = clock();
    const sent = await repository.transaction(async (tx) => {
      const notified = await repository.notify(tx, { kind, dedupeKey, payload, to, except, now });
      const purpose = purposeOf(kind);
      const consented = purpose
        ? await deps.privacy.consentedAmong(
            notified.map((recipient) => recipient.id),
            purpose,
            tx,
          )
        : null;
      const mailed = consented ? notified.filter((recipient) => consented.has(recipient.id)) : notified;
      for (const recipient of mailed) {
        await queueMail(queue, mail(mailBase(recipient, kind, now), recipient), { db: tx });
      }
      return mailed.length;
    });
    if (sent > 0) queue.poke();
    return sent;
  }

  const workflowUrl = (workflow: { slug: string; id: string }, language: Language) =>
    inLanguage(`${publicUrl}${workflowPath(workflow)}`, language);

  async function settingsOf(userId: string): Promise<NotificationSettings> {
    const settings: NotificationSettings = { sale: true, workflow_update: true, new_listing: true };
    for (const row of await repository.preferences(userId)) settings[row.kind] = row.enabled;
    return settings;
  }

  async function followState(authorId: string, viewer: Viewer) {
    const state = await repository.followState(authorId, isSignedIn(viewer) ? viewer.id : null);
    return { author_id: authorId, following: state.following, followers_count: state.followers };
  }

  async function followable(viewer: Viewer, authorId: string) {
    const user = signedIn(viewer);
    if (!(await repository.isActiveUser(authorId))) throw profileNotFound();
    return user;
  }

  return {
    /** `order.paid`: the seller hears of the sale (never the buyer), with what it brought them. */
    async orderPaid(order: OrderFact) {
      if (!order.sellerId || order.sellerId === order.buyerId) return 0;
      const [workflow, sale] = await Promise.all([
        repository.workflow(order.workflowId),
        deps.sales.saleOf(order.id),
      ]);
      const amount = sale?.price ?? order.amount;
      const net = sale?.net ?? order.amount;
      const buyerFirstName = firstNameOf(order.buyerName, order.buyerLanguage);
      const payload: NotificationPayload = {
        workflow_id: order.workflowId,
        workflow_title: workflow?.title ?? order.workflowTitle,
        workflow_path: workflow ? workflowPath(workflow) : '',
        amount,
        net,
        buyer_first_name: buyerFirstName,
        order_code: order.code,
      };
      return deliver('sale', `order:${order.id}`, payload, recipients.user(order.sellerId), (base) =>
        saleMail({
          ...base,
          title: payload.workflow_title,
          amount,
          net,
          buyerFirstName,
          salesUrl: inLanguage(`${publicUrl}/me/sales`, base.language),
        }),
      );
    },

    /** `version.approved` of a listed workflow's new version: each of its owners, with the changelog. */
    async versionApproved(workflowId: string, versionId: string) {
      const [workflow, version] = await Promise.all([
        repository.workflow(workflowId),
        repository.version(versionId),
      ]);
      if (!workflow || !version) return 0;
      const payload: NotificationPayload = {
        workflow_id: workflow.id,
        workflow_title: workflow.title,
        workflow_path: workflowPath(workflow),
        version: version.version,
        notes: version.notes,
      };
      return deliver(
        'workflow_update',
        `version:${versionId}`,
        payload,
        recipients.owners(workflow.id),
        (base) => {
          // A recipient who reads the listing's other language gets its translation when written.
          const translated = base.language !== workflow.language;
          return workflowUpdateMail({
            ...base,
            title: (translated && workflow.translatedTitle) || workflow.title,
            version: version.version,
            notes: (translated && version.notesTranslation) || version.notes,
            workflowUrl: workflowUrl(workflow, base.language),
          });
        },
        workflow.authorId,
      );
    },

    /** `version.approved` of a new listing: everyone following its author. */
    async listed(workflowId: string) {
      const workflow = await repository.workflow(workflowId);
      if (!workflow) return 0;
      const payload: NotificationPayload = {
        workflow_id: workflow.id,
        workflow_title: workflow.title,
        workflow_path: workflowPath(workflow),
        author_id: workflow.authorId,
        author_name: workflow.authorName,
      };
      return deliver(
        'new_listing',
        `listing:${workflow.id}`,
        payload,
        recipients.followers(workflow.authorId),
        (base) =>
          newListingMail({
            ...base,
            // A follower who reads the listing's other language gets its translated title when written.
            title: (base.language !== workflow.language && workflow.translatedTitle) || workflow.title,
            authorName: workflow.authorName,
            workflowUrl: workflowUrl(workflow, base.language),
          }),
        workflow.authorId,
      );
    },

    async list(viewer: Viewer, page: number): Promise<NotificationList> {
      const user = signedIn(viewer);
      const [rows, counts] = await Promise.all([
        repository.list(user.id, page, NOTIFICATIONS_PAGE_SIZE),
        repository.counts(user.id),
      ]);
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          payload: NotificationPayload.parse(row.payload),
          read_at: row.readAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
        })),
        page,
        total: counts.total,
        unread: counts.unread,
      };
    },

    async markRead(viewer: Viewer, ids: string[] | undefined) {
      const user = signedIn(viewer);
      await repository.markRead(user.id, ids, clock());
      return { unread: (await repository.counts(user.id)).unread };
    },

    async settings(viewer: Viewer) {
      return settingsOf(signedIn(viewer).id);
    },

    async updateSettings(viewer: Viewer, changes: Partial<NotificationSettings>) {
      const user = signedIn(viewer);
      const given = NOTIFICATION_KINDS.flatMap((kind): [NotificationKind, boolean][] =>
        typeof changes[kind] === 'boolean' ? [[kind, changes[kind]]] : [],
      );
      await repository.setPreferences(user.id, given, clock());
      return settingsOf(user.id);
    },

    /** What an unsubscribe link would switch off, or INVALID_TOKEN (forged or malformed). */
    claimOf(token: string) {
      const claim = tokens.verify(token);
      if (!claim) throw invalidToken();
      return claim;
    },

    /**
     * The one-click unsubscribe: switches the token's kind off, once, and withdraws the consent to its
     * e-mails (recorded with the unsubscribe as its source); a used or forged token is refused.
     */
    async unsubscribe(token: string, language: Language = 'en') {
      const claim = tokens.verify(token);
      if (!claim) throw invalidToken();
      const done = await repository.unsubscribe(claim.userId, claim.kind, claim.issuedAt, clock());
      if (!done) throw invalidToken();
      const purpose = purposeOf(claim.kind);
      if (purpose) await deps.privacy.withdrawByUnsubscribe(claim.userId, purpose, language);
      return { kind: claim.kind, enabled: false as const };
    },

    /** An author's follower count (and whether the caller follows them); an unknown user is 404. */
    async followState(authorId: string, viewer: Viewer) {
      if (!(await repository.isActiveUser(authorId))) throw profileNotFound();
      return followState(authorId, viewer);
    },

    async follow(viewer: Viewer, authorId: string) {
      const user = await followable(viewer, authorId);
      if (user.id === authorId) throw new AppError('CANNOT_FOLLOW_SELF', 'You cannot follow yourself');
      await repository.follow(user.id, authorId, clock());
      return followState(authorId, viewer);
    },

    async unfollow(viewer: Viewer, authorId: string) {
      const user = await followable(viewer, authorId);
      await repository.unfollow(user.id, authorId);
      return followState(authorId, viewer);
    },

    /** A deleted account follows nobody, is followed by nobody and keeps no notifications. */
    forget: (tx: Parameters<typeof repository.forget>[0], userId: string) => repository.forget(tx, userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
