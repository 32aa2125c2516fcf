import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@flowbay/domain/limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { errorKey } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { translateMessage } from '@/i18n/keys';

interface Values {
  password: string;
  confirm: string;
}

/** The reset link lands here with `?token=` (or `?error=INVALID_TOKEN` when it expired). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const form = useForm<Values>({ defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  usePageMeta(t('auth.resetTitle'));

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      toast.success(t('auth.resetDone'));
      navigate('/auth', { replace: true });
    } catch (error) {
      toast.error(t('auth.resetFailed'), { description: t(errorKey(error)) });
    }
  });

  const passwordError = errors.password?.message
    ? translateMessage(t, errors.password.message, { min: PASSWORD_MIN })
    : undefined;
  const confirmError = errors.confirm?.message ? translateMessage(t, errors.confirm.message) : undefined;
  const help = t('settings.passwordStrengthHelp', { min: PASSWORD_MIN });

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
              <Button asChild>
                <Link to="/auth?tab=forgot">{t('auth.requestNewLink')}</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <FormField id="reset-password" label={t('auth.newPassword')} error={passwordError} help={help}>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={describedBy('reset-password', { help, error: passwordError })}
                  {...form.register('password', {
                    required: 'auth.passwordRequired',
                    minLength: { value: PASSWORD_MIN, message: 'auth.passwordHelp' },
                  })}
                />
              </FormField>
              <FormField id="reset-confirm" label={t('auth.confirmPassword')} error={confirmError}>
                <Input
                  id="reset-confirm"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={describedBy('reset-confirm', { error: confirmError })}
                  {...form.register('confirm', {
                    validate: (value, values) => value === values.password || 'auth.passwordsDiffer',
                  })}
                />
              </FormField>
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
