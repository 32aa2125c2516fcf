import { Loader2 } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useOwnProfile } from '@/features/account/api/get-own-profile';
import { ProfileForm } from '@/features/account/components/profile-form';
import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { ExportDataCard } from '@/features/account/components/export-data-card';
import { ApiRequestError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';

const N8nKeysCard = lazy(() => import('@/features/n8n/components/n8n-keys-card'));

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('account.title'));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('account.title')}</h1>
      <p className="mt-1 text-slate-600">{t('account.subtitle')}</p>
      <Card className="mt-6">
        <div className="p-6">
          <ProfileBody />
        </div>
      </Card>
      <Card className="mt-6">
        <div className="p-6">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <N8nKeysCard />
          </Suspense>
        </div>
      </Card>
      <AccountCards />
    </div>
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
        <Card className="mt-6">
          <div className="p-6">
            <ChangePasswordCard />
          </div>
        </Card>
      )}
      <Card className="mt-6">
        <div className="p-6">
          <ExportDataCard />
        </div>
      </Card>
      <Card className="mt-6 border-red-200">
        <div className="p-6">
          <DeleteAccountCard profile={profile.data} />
        </div>
      </Card>
    </>
  );
}
