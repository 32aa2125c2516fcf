import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { translateMessage } from '@/i18n/keys';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

/** Change the password: the current one is required; every other session is signed out and an e-mail says so. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<Values>({ defaultValues: { current: '', next: '', confirm: '' } });
  const { errors } = form.formState;
  const message = (key?: string) =>
    key ? translateMessage(t, key, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined;
  const currentError = message(errors.current?.message);
  const nextError = message(errors.next?.message);
  const confirmError = message(errors.confirm?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.next });
      form.reset();
      toast.success(t('settings.passwordChanged'), { description: t('settings.passwordChangedHelp') });
    } catch (error) {
      toast.error(t('settings.passwordChangeFailed'), { description: t(errorKey(error)) });
    }
  });

  return (
    <section aria-labelledby="change-password-title" className="flex flex-col gap-4">
      <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
        {t('settings.passwordTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="password-current" label={t('settings.currentPassword')} error={currentError}>
          <Input
            id="password-current"
            type="password"
            autoComplete="current-password"
            aria-invalid={currentError ? true : undefined}
            aria-describedby={describedBy('password-current', { error: currentError })}
            {...form.register('current', { required: 'auth.passwordRequired' })}
          />
        </FormField>
        <FormField
          id="password-new"
          label={t('auth.newPassword')}
          error={nextError}
          help={t('settings.passwordStrengthHelp', { min: PASSWORD_MIN })}
        >
          <Input
            id="password-new"
            type="password"
            autoComplete="new-password"
            aria-invalid={nextError ? true : undefined}
            aria-describedby={describedBy('password-new', { help: true, error: nextError })}
            {...form.register('next', {
              required: 'auth.passwordRequired',
              minLength: { value: PASSWORD_MIN, message: 'errors.PASSWORD_TOO_SHORT' },
              maxLength: { value: PASSWORD_MAX, message: 'errors.PASSWORD_TOO_LONG' },
            })}
          />
        </FormField>
        <FormField id="password-confirm" label={t('auth.confirmPassword')} error={confirmError}>
          <Input
            id="password-confirm"
            type="password"
            autoComplete="new-password"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={describedBy('password-confirm', { error: confirmError })}
            {...form.register('confirm', {
              validate: (value, all) => value === all.next || 'auth.passwordsDiffer',
            })}
          />
        </FormField>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('auth.saving') : t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
}
