import { BadgeDollarSign, PackagePlus, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '@flowbay/domain';
import { paths } from '@flowbay/domain/routes';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useMarkRead } from '../api/notifications';

const ICONS = { sale: BadgeDollarSign, workflow_update: RefreshCw, new_listing: PackagePlus } as const;

/** One notification, worded in the reader's language from what it is about. */
function NotificationText({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const { payload } = notification;
  const title = payload.workflow_title;
  if (notification.kind === 'sale') {
    return (
      <>
        <p className="font-medium text-slate-900">
          {t('notifications.sale', { buyer: payload.buyer_first_name || t('notifications.aBuyer'), title })}
        </p>
        <p className="text-sm text-slate-600">
          {t('notifications.saleAmounts', {
            amount: formatPrice(payload.amount ?? 0, i18n.language),
            net: formatPrice(payload.net ?? 0, i18n.language),
          })}
        </p>
      </>
    );
  }
  if (notification.kind === 'workflow_update') {
    return (
      <>
        <p className="font-medium text-slate-900">
          {t('notifications.update', { title, version: payload.version ?? '' })}
        </p>
        {payload.notes ? (
          <p className="text-sm whitespace-pre-line text-slate-600">{payload.notes}</p>
        ) : (
          <p className="text-sm text-slate-500">{t('notifications.noNotes')}</p>
        )}
      </>
    );
  }
  return (
    <p className="font-medium text-slate-900">
      {t('notifications.newListing', { author: payload.author_name || t('common.anonymous'), title })}
    </p>
  );
}

/** Where a notification leads: the seller's sales, or the workflow's page. */
const targetOf = (notification: Notification) =>
  notification.kind === 'sale' ? paths.sales() : notification.payload.workflow_path || paths.catalog();

/** The notifications, newest first: unread ones marked, each a link that also marks it read. */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkRead();
  const unread = notifications.filter((notification) => !notification.read_at);
  const fail = (error: unknown) =>
    toast.error(t('notifications.markFailed'), { description: t(errorKey(error)) });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={unread.length === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined, { onError: fail })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ul className="flex flex-col gap-2" aria-label={t('notifications.title')}>
        {notifications.map((notification) => {
          const Icon = ICONS[notification.kind];
          const isUnread = !notification.read_at;
          return (
            <li
              key={notification.id}
              data-unread={isUnread || undefined}
              className={cn(
                'flex gap-3 rounded-xl border p-4',
                isUnread ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white',
              )}
            >
              <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                {isUnread && <span className="sr-only">{t('notifications.unread')}</span>}
                <NotificationText notification={notification} />
                <p className="mt-1 text-xs text-slate-500">
                  {formatDateTime(notification.created_at, i18n.language)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <Link
                  to={targetOf(notification)}
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => {
                    if (isUnread) markRead.mutate([notification.id]);
                  }}
                >
                  {t(notification.kind === 'sale' ? 'notifications.viewSales' : 'notifications.viewWorkflow')}
                </Link>
                {isUnread && (
                  <button
                    type="button"
                    className="text-xs text-slate-600 hover:underline"
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate([notification.id], { onError: fail })}
                  >
                    {t('notifications.markRead')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
