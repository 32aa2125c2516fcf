import { useTranslation } from '@/i18n/use-translation';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath } from '@flowbay/domain/return-path';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/features/accounts/api/get-session';
import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';
import { LoginForm } from '@/features/accounts/components/login-form';
import type { AuthRedirectState } from '@/features/accounts/components/require-auth';
import { SignupForm } from '@/features/accounts/components/signup-form';
import { returnPathOf } from '@/features/accounts/lib/return-path';
import { Logo } from '@/app/layout/logo';
import { usePageMeta } from '@/lib/page-meta';

type View = 'login' | 'signup' | 'forgot';

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { user, isLoading } = useSession();
  // Where the visitor was going: `?next=` (it survives a reload and e-mail links), else the history
  // state a guarded page left. Only paths on this site count.
  const pending = returnPathOf(params) ?? safeReturnPath((location.state as AuthRedirectState | null)?.from);
  const returnTo = pending ?? '/';
  const tab = params.get('tab');
  const view: View = tab === 'signup' || tab === 'forgot' ? tab : 'login';
  usePageMeta(t(view === 'signup' ? 'auth.signupTitle' : 'auth.loginTitle'), t('auth.metaDescription'));

  // Signed in (already, or just now): back to where the user was going, else home.
  if (!isLoading && user) return <Navigate to={returnTo} replace />;

  const show = (next: View) =>
    setParams(
      {
        ...(next === 'login' ? {} : { tab: next }),
        ...(pending ? { [RETURN_PARAM]: pending } : {}),
      },
      {
        replace: true,
        state: location.state,
        preventScrollReset: true,
      },
    );

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <Logo label={t('nav.homeLabel')} />
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
            {t(view === 'signup' ? 'auth.signupTitle' : 'auth.loginTitle')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('auth.subtitle')}</p>
        </div>
        <Card>
          <div className="p-6">
            {view === 'forgot' ? (
              <ForgotPasswordForm onBack={() => show('login')} returnTo={pending} />
            ) : (
              <Tabs value={view} onValueChange={(value) => show(value as View)}>
                <TabsList aria-label={t('auth.tabs')}>
                  <TabsTrigger value="login">{t('auth.loginTab')}</TabsTrigger>
                  <TabsTrigger value="signup">{t('auth.signupTab')}</TabsTrigger>
                </TabsList>
                <TabsContent value="login" className="mt-6">
                  <LoginForm onForgotPassword={() => show('forgot')} returnTo={returnTo} />
                </TabsContent>
                <TabsContent value="signup" className="mt-6">
                  <SignupForm returnTo={pending} />
                </TabsContent>
              </Tabs>
            )}
          </div>
        </Card>
        <p className="mt-6 text-center text-xs text-slate-600">
          {t('auth.agree')}{' '}
          <Link to="/terms" className="font-medium text-brand-700 hover:underline">
            {t('footer.terms')}
          </Link>{' '}
          ·{' '}
          <Link to="/privacy" className="font-medium text-brand-700 hover:underline">
            {t('footer.privacy')}
          </Link>
        </p>
      </div>
    </div>
  );
}
