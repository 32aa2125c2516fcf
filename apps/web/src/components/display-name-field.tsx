import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { FULL_NAME_MAX } from '@flowbay/domain/limits';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n/keys';

/** The display name's rule wherever it is typed: at most FULL_NAME_MAX characters. */
export const displayNameRules = { maxLength: { value: FULL_NAME_MAX, message: 'account.nameTooLong' } };

/** The display name, the same at sign-up and on the profile; `errorKey` is the form's message key. */
export function DisplayNameField({
  id,
  autoComplete,
  errorKey,
  registration,
}: {
  id: string;
  autoComplete: string;
  errorKey?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('settings.displayName')}
      error={errorKey ? translateMessage(t, errorKey, { max: FULL_NAME_MAX }) : undefined}
      help={t('settings.displayNameHelp')}
    >
      {(control) => <Input {...control} autoComplete={autoComplete} {...registration} />}
    </FormField>
  );
}
