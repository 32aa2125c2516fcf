import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { ApiRequestError, errorKey } from '@/lib/api-client';
import { useAuthProviders } from '../api/get-providers';
import { signInWithGoogle, useSignIn } from '../api/sign-in';
import { useResendVerification } from '../api/resend-verification';
import { CredentialsFields, type CredentialsValues } from './credentials-fields';

export function LoginForm({
  onForgotPassword,
  returnTo,
}: {
  onForgotPassword: () => void;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const resend = useResendVerification();
  const providers = useAuthProviders();
  const form = useForm<CredentialsValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      toast.success(t('auth.loginSuccess'));
    } catch (error) {
      const unverified = error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED';
      toast.error(t('auth.loginError'), {
        description: t(errorKey(error)),
        ...(unverified ? { action: { label: t('auth.resend'), onClick: () => resendTo(values.email) } } : {}),
      });
    }
  });

  const resendTo = (email: string) =>
    resend.mutate(
      { email, returnTo },
      {
        onSuccess: () => toast.success(t('auth.resent')),
        onError: (error) => toast.error(t('auth.resendFailed'), { description: t(errorKey(error)) }),
      },
    );

  const google = async () => {
    try {
      await signInWithGoogle(returnTo);
    } catch (error) {
      toast.error(t('auth.loginError'), { description: t(errorKey(error)) });
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('auth.loginTab')}
    >
      <CredentialsFields form={form} idPrefix="login" passwordAutoComplete="current-password" />
      <div className="-mt-1 flex justify-end">
        <Button variant="link" className="h-auto px-0" onClick={onForgotPassword}>
          {t('auth.forgotPassword')}
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.login')}
      </Button>
      {providers.data?.google && (
        <>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Button variant="outline" size="lg" onClick={() => void google()}>
            <GoogleMark />
            {t('auth.google')}
          </Button>
        </>
      )}
    </form>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}
