import type { RegisterOptions, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { PASSWORD_MAX, PASSWORD_MIN } from '@flowbay/domain/limits';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n/keys';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/**
 * A new password, with the strength help, and the same password again: the password-reset page and
 * the change-password card. Ids are `${idPrefix}-new` and `${idPrefix}-confirm`.
 */
export function NewPasswordFields({
  form,
  idPrefix,
  rules,
}: {
  form: UseFormReturn<NewPasswordValues>;
  idPrefix: string;
  /** What the new password must be (its messages are i18n keys). */
  rules: RegisterOptions<NewPasswordValues, 'password'>;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const message = (key?: string) =>
    key ? translateMessage(t, key, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined;
  return (
    <>
      <FormField
        id={`${idPrefix}-new`}
        label={t('auth.newPassword')}
        error={message(errors.password?.message)}
        help={t('settings.passwordStrengthHelp', { min: PASSWORD_MIN })}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password', rules)}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-confirm`}
        label={t('auth.confirmPassword')}
        error={message(errors.confirm?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirm', {
              validate: (value, values) => value === values.password || 'auth.passwordsDiffer',
            })}
          />
        )}
      </FormField>
    </>
  );
}
