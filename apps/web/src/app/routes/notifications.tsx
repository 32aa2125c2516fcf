import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE } from '@flowbay/domain';
import { paths } from '@flowbay/domain/routes';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { QueryView } from '@/components/query-view';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notificationsQueryOptions } from '@/features/notifications/api/notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useTranslation } from '@/i18n/use-translation';

export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useQuery(notificationsQueryOptions(page));
  return (
    <AccountPageShell
      title={t('notifications.title')}
      subtitle={t('notifications.subtitle')}
      action={
        <ButtonLink variant="outline" size="sm" to={paths.notificationSettings()}>
          {t('notifications.settingsLink')}
        </ButtonLink>
      }
    >
      <QueryView
        query={list}
        failed={t('notifications.loadFailed')}
        loading={<Skeleton className="h-40 w-full" />}
        isEmpty={(data) => data.notifications.length === 0}
        empty={<EmptyState>{t('notifications.empty')}</EmptyState>}
      >
        {(data) => (
          <>
            <NotificationList notifications={data.notifications} />
            <div className="mt-8">
              <ListPagination
                page={page}
                total={data.total}
                pageSize={NOTIFICATIONS_PAGE_SIZE}
                onPageChange={setPage}
              />
            </div>
          </>
        )}
      </QueryView>
    </AccountPageShell>
  );
}
