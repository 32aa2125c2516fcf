import { Loader2 } from 'lucide-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { AccountPageShell } from '@/components/account-page-shell';
import { Card } from '@/components/ui/card';
import { useOwnProfile } from '@/features/accounts/api/get-own-profile';
import { ProfileForm } from '@/features/accounts/components/profile-form';
import { ChangePasswordCard } from '@/features/accounts/components/change-password-card';
import { DeleteAccountCard } from '@/features/accounts/components/delete-account-card';
import { ExportDataCard } from '@/features/accounts/components/export-data-card';
import { ApiRequestError } from '@/lib/api-client';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';

const N8nKeysCard = lazy(() => import('@/features/n8n/components/n8n-keys-card'));
const N8nConnectionsCard = lazy(() => import('@/features/connections/components/n8n-connections-card'));
const MakeConnectionsCard = lazy(() => import('@/features/make/components/make-connections-card'));

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell title={t('account.title')} subtitle={t('account.subtitle')} width="narrow">
      <div className="flex flex-col gap-6">
        <AccountCard>
          <ProfileBody />
        </AccountCard>
        <AccountCard>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <N8nKeysCard />
          </Suspense>
        </AccountCard>
        <AccountCard>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <N8nConnectionsCard />
          </Suspense>
        </AccountCard>
        <AccountCard>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <MakeConnectionsCard />
          </Suspense>
        </AccountCard>
        <AccountCards />
      </div>
    </AccountPageShell>
  );
}

function ProfileBody() {
  const { t } = useTranslation();
  const profile = useOwnProfile();
  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16" role="status">
        <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden="true" />
        <span className="sr-only">{t('auth.loading')}</span>
      </div>
    );
  }
  if (profile.isError) {
    const signedOut = profile.error instanceof ApiRequestError && profile.error.status === 401;
    return (
      <LoadError
        className="items-center py-10 text-center"
        messages={[t(signedOut ? 'account.loginAgain' : 'account.loadFailed')]}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <ProfileForm profile={profile.data} />;
}

/** Password, export and deletion: shown once the profile has loaded (the deletion needs to know the sign-in method). */
function AccountCards() {
  const profile = useOwnProfile();
  if (!profile.data) return null;
  return (
    <>
      {profile.data.has_password && (
        <AccountCard>
          <ChangePasswordCard />
        </AccountCard>
      )}
      <AccountCard>
        <ExportDataCard />
      </AccountCard>
      <AccountCard className="border-red-200">
        <DeleteAccountCard profile={profile.data} />
      </AccountCard>
    </>
  );
}

function AccountCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <div className="p-6">{children}</div>
    </Card>
  );
}
