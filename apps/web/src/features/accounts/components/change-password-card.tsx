import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { PASSWORD_MAX, PASSWORD_MIN } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { translateMessage } from '@/i18n/keys';
import { AccountSection } from './account-section';

type Values = NewPasswordValues & { current: string };

/** Change the password: the current one is required; every other session is signed out and an e-mail says so. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<Values>({ defaultValues: { current: '', password: '', confirm: '' } });
  const currentError = form.formState.errors.current?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.password });
      form.reset();
      toast.success(t('settings.passwordChanged'), { description: t('settings.passwordChangedHelp') });
    } catch (error) {
      toast.error(t('settings.passwordChangeFailed'), { description: t(errorKey(error)) });
    }
  });

  return (
    <AccountSection id="change-password-title" title={t('settings.passwordTitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <FormField
          id="password-current"
          label={t('settings.currentPassword')}
          error={currentError ? translateMessage(t, currentError) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register('current', { required: 'auth.passwordRequired' })}
            />
          )}
        </FormField>
        <NewPasswordFields
          form={form as unknown as UseFormReturn<NewPasswordValues>}
          idPrefix="password"
          rules={{
            required: 'auth.passwordRequired',
            minLength: { value: PASSWORD_MIN, message: 'errors.PASSWORD_TOO_SHORT' },
            maxLength: { value: PASSWORD_MAX, message: 'errors.PASSWORD_TOO_LONG' },
          }}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('auth.saving') : t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
