import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { useSession } from '@/features/accounts/api/get-session';
import { usePageMeta } from '@/lib/page-meta';

/** Where the confirmation link lands: Better Auth has verified the address (and signed in) or added `?error=`. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const { user, isLoading } = useSession();
  usePageMeta(t(error ? 'auth.verifyFailedTitle' : 'auth.verifiedTitle'));

  if (error) {
    return (
      <Landing
        icon={<XCircle className="size-12 text-red-600" aria-hidden="true" />}
        title={t('auth.verifyFailedTitle')}
      >
        <p className="text-slate-600">{t('auth.verifyFailedText')}</p>
        <ButtonLink className="mt-6" to="/auth">
          {t('auth.backToLogin')}
        </ButtonLink>
      </Landing>
    );
  }
  return (
    <Landing
      icon={<CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />}
      title={t('auth.verifiedTitle')}
    >
      <p className="text-slate-600">{t(user ? 'auth.verifiedSignedIn' : 'auth.verifiedText')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {user ? (
          <>
            <ButtonLink to="/profile">{t('auth.completeProfile')}</ButtonLink>
            <ButtonLink variant="outline" to="/workflows/new">
              {t('menu.createWorkflow')}
            </ButtonLink>
          </>
        ) : (
          !isLoading && <ButtonLink to="/auth">{t('auth.login')}</ButtonLink>
        )}
      </div>
    </Landing>
  );
}

function Landing({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2">{children}</div>
    </div>
  );
}
