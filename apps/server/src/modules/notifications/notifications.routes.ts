import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language, NotificationKind } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import { AppError } from '../../lib/errors.ts';
import type { NotificationsService } from './notifications.service.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

type Deps = { notifications: NotificationsService };

/** The signed-in user's notifications and settings, and following authors. */
export async function notificationsRoutes(root: FastifyInstance, { notifications }: Deps) {
  const route = contractRoutes(root, {
    tags: ['notifications'],
    access: 'signed-in',
    errors: SIGNED_IN_ERRORS,
    params: { id: z.string().min(1).max(64) },
  });

  route('GET /api/me/notifications', {
    summary: "The caller's notifications, newest first (20 a page, zero-based), with the unread count",
    handler: (request) => notifications.list(request.viewer, request.query.page),
  });

  route('POST /api/me/notifications/read', {
    summary: "Marks the caller's notifications read: the ids given, or all of them",
    handler: (request) => notifications.markRead(request.viewer, request.body.ids),
  });

  route('GET /api/me/notification-settings', {
    summary: 'Which notification kinds the caller gets (each on unless switched off)',
    handler: (request) => notifications.settings(request.viewer),
  });

  route('PUT /api/me/notification-settings', {
    summary: 'Switches notification kinds on or off (in the app and by e-mail)',
    handler: (request) => notifications.updateSettings(request.viewer, request.body),
  });

  route('GET /api/users/:id/follow', {
    summary: "An author's follower count, and whether the caller follows them",
    access: { kind: 'public', reason: 'follower counts are shown on public profiles' },
    errors: [400, 404],
    handler: (request) => notifications.followState(request.params.id, request.viewer),
  });

  route('POST /api/users/:id/follow', {
    summary: 'Follows an author: their new listings reach the caller (not oneself)',
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: (request) => notifications.follow(request.viewer, request.params.id),
  });

  route('DELETE /api/users/:id/follow', {
    summary: 'Stops following an author',
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: (request) => notifications.unfollow(request.viewer, request.params.id),
  });
}

const KIND_NAMES: Record<NotificationKind, Record<Language, string>> = {
  sale: { en: 'sale notifications', vi: 'thông báo khi bán được hàng' },
  workflow_update: { en: 'workflow update notifications', vi: 'thông báo cập nhật quy trình' },
  new_listing: { en: 'new workflows from authors you follow', vi: 'quy trình mới từ tác giả bạn theo dõi' },
};

/**
 * The one-click unsubscribe of the notification e-mails (RFC 8058), in a plugin of its own: it takes
 * the form bodies mail clients post (`List-Unsubscribe=One-Click`) and, reached without a session
 * from a mail client or another site, skips the cross-site check (decision 0161).
 */
export async function unsubscribeRoutes(root: FastifyInstance, { notifications }: Deps) {
  // The body says only "List-Unsubscribe=One-Click"; the token in the address is what counts.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    if (!root.hasContentTypeParser(type))
      root.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, undefined),
      );
  }
  const route = contractRoutes(root, {
    tags: ['notifications'],
    access: { kind: 'public', reason: 'the signed link of an e-mail is the credential (RFC 8058)' },
    errors: [400],
  });
  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(body);

  route('GET /api/notifications/unsubscribe', {
    summary: 'The page an unsubscribe link opens: what it switches off, with a button that does it',
    handler: async (request, reply) => {
      const { token, lang } = request.query;
      const language: Language = lang === 'vi' ? 'vi' : 'en';
      try {
        const claim = notifications.claimOf(token);
        return html(
          reply,
          200,
          unsubscribePage(language, { state: 'confirm', what: KIND_NAMES[claim.kind][language], token }),
        );
      } catch (error) {
        if (error instanceof AppError)
          return html(reply, 400, unsubscribePage(language, { state: 'invalid' }));
        throw error;
      }
    },
  });

  route('POST /api/notifications/unsubscribe', {
    summary: 'One-click unsubscribe (RFC 8058): switches the signed kind off, once',
    config: { allowCrossSiteWrites: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { token, lang } = request.query;
      const language: Language = lang === 'vi' ? 'vi' : 'en';
      try {
        const done = await notifications.unsubscribe(token, language);
        if (!wantsHtml(request)) return done;
        return html(
          reply,
          200,
          unsubscribePage(language, { state: 'done', what: KIND_NAMES[done.kind][language] }),
        );
      } catch (error) {
        if (error instanceof AppError && wantsHtml(request))
          return html(reply, 400, unsubscribePage(language, { state: 'invalid' }));
        throw error;
      }
    },
  });
}
