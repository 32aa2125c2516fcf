import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@flowbay/domain/limits';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';
import { toast } from '@/components/ui/toaster';
import { useResetPassword } from '@/features/accounts/api/reset-password';
import { errorKey } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { withReturnPath } from '@flowbay/domain/return-path';
import { returnPathOf } from '@/features/accounts/lib/return-path';

/** The reset link lands here with `?token=` (or `?error=INVALID_TOKEN` when it expired). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // Signing in with the new password leads on to where the visitor was going.
  const signInPage = withReturnPath('/auth', returnPathOf(params));
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', confirm: '' } });
  usePageMeta(t('auth.resetTitle'));

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      toast.success(t('auth.resetDone'));
      void navigate(signInPage, { replace: true });
    } catch (error) {
      toast.error(t('auth.resetFailed'), { description: t(errorKey(error)) });
    }
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('auth.resetTitle')}</h1>
      <Card className="mt-6">
        <div className="p-6">
          {!token || params.get('error') ? (
            <div className="flex flex-col gap-4">
              <p className="text-slate-700" role="alert">
                {t('errors.INVALID_TOKEN')}
              </p>
              <ButtonLink to={withReturnPath('/auth?tab=forgot', returnPathOf(params))}>
                {t('auth.requestNewLink')}
              </ButtonLink>
            </div>
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
              <NewPasswordFields
                form={form}
                idPrefix="reset"
                rules={{
                  required: 'auth.passwordRequired',
                  minLength: { value: PASSWORD_MIN, message: 'auth.passwordHelp' },
                }}
              />
              <Button type="submit" size="lg" disabled={reset.isPending}>
                {reset.isPending ? t('auth.saving') : t('auth.setPassword')}
              </Button>
            </form>
          )}
        </div>
      </Card>
    </div>
  );
}
