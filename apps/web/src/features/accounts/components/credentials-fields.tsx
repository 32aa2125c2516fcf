import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n/keys';

export interface CredentialsValues {
  email: string;
  password: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail and password, both required; the e-mail must look like one. No length rule for the password here. */
export function CredentialsFields({
  form,
  idPrefix,
  passwordAutoComplete,
  passwordHelp,
  onEmailChange,
}: {
  form: UseFormReturn<CredentialsValues>;
  idPrefix: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHelp?: string;
  /** Called as the address is typed (the sign-up form suggests a name from it). */
  onEmailChange?: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const passwordError = errors.password?.message ? translateMessage(t, errors.password.message) : undefined;
  return (
    <>
      <EmailField
        id={`${idPrefix}-email`}
        errorKey={errors.email?.message}
        registration={form.register('email', {
          ...emailRules,
          pattern: { value: EMAIL_RE, message: 'auth.emailInvalid' },
          onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
        })}
      />
      <FormField
        id={`${idPrefix}-password`}
        label={t('auth.password')}
        error={passwordError}
        help={passwordHelp}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete={passwordAutoComplete}
            required
            {...form.register('password', { required: 'auth.passwordRequired' })}
          />
        )}
      </FormField>
    </>
  );
}

/** Every e-mail field's rules: required, and read without the spaces around it. */
export const emailRules = {
  required: 'auth.emailRequired',
  setValueAs: (value: string) => value.trim(),
};

/** The e-mail address of the sign-in, sign-up and forgotten-password forms; `errorKey` is the form's message key. */
export function EmailField({
  id,
  errorKey,
  registration,
}: {
  id: string;
  errorKey?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('auth.email')} error={errorKey ? translateMessage(t, errorKey) : undefined}>
      {(control) => <Input {...control} type="email" autoComplete="email" required {...registration} />}
    </FormField>
  );
}
