import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { useTranslation } from '@/i18n/use-translation';
import { formatNumber } from '@/lib/format';
import { useUnreadCount } from '../api/notifications';

/** The header's bell for a signed-in user: a link to the notifications, with the unread count. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const unread = useUnreadCount(true);
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Link
      to={paths.notifications()}
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          data-testid="unread-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-rose-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white"
        >
          {unread > 99 ? '99+' : formatNumber(unread, i18n.language)}
        </span>
      )}
    </Link>
  );
}
