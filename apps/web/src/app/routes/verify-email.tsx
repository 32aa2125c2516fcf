import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { withReturnPath, workflowOfReturnPath } from '@flowbay/domain/return-path';
import { ButtonLink } from '@/components/ui/button';
import { useSession } from '@/features/accounts/api/get-session';
import { returnPathOf, takePendingReturnPath } from '@/features/accounts/lib/return-path';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { usePageMeta } from '@/lib/page-meta';

/**
 * The page the visitor was going to (a workflow's Buy step): this device's own sign-up goes straight
 * back there once confirmed; a link opened on another device offers it as "Continue to <title>".
 */
function useWayBack(returnTo: string | null, signedIn: boolean) {
  const navigate = useNavigate();
  const ref = workflowOfReturnPath(returnTo);
  const workflow = useQuery({ ...workflowQueryOptions(ref ?? ''), enabled: ref !== null });
  useEffect(() => {
    if (signedIn && returnTo && takePendingReturnPath(returnTo)) void navigate(returnTo, { replace: true });
  }, [signedIn, returnTo, navigate]);
  return { title: workflow.data?.title ?? null };
}

/** Where the confirmation link lands: Better Auth has verified the address (and signed in) or added `?error=`. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const { user, isLoading } = useSession();
  const returnTo = returnPathOf(params);
  const { title } = useWayBack(error ? null : returnTo, Boolean(user));
  usePageMeta(t(error ? 'auth.verifyFailedTitle' : 'auth.verifiedTitle'));
  // Signing in (again) still leads on to where the visitor was going.
  const signInPage = withReturnPath('/auth', returnTo);
  const continueLabel = title ? t('auth.continueTo', { title }) : t('auth.continueBack');

  if (error) {
    return (
      <Landing
        icon={<XCircle className="size-12 text-red-600" aria-hidden="true" />}
        title={t('auth.verifyFailedTitle')}
      >
        <p className="text-slate-600">{t('auth.verifyFailedText')}</p>
        <ButtonLink className="mt-6" to={signInPage}>
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
      <p className="text-slate-600">
        {t(user ? (returnTo ? 'auth.verifiedContinue' : 'auth.verifiedSignedIn') : 'auth.verifiedText')}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {returnTo ? (
          // Signed in here (the link signs in wherever it is opened): on to the page; else sign in first.
          !isLoading && <ButtonLink to={user ? returnTo : signInPage}>{continueLabel}</ButtonLink>
        ) : user ? (
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
