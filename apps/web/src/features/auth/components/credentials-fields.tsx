import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n/keys';

export interface CredentialsValues {
  email: string;
  password: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail and password, both required; the e-mail must look like one. No length rule for the password (spec). */
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
  const emailError = errors.email?.message ? translateMessage(t, errors.email.message) : undefined;
  const passwordError = errors.password?.message ? translateMessage(t, errors.password.message) : undefined;
  return (
    <>
      <FormField id={`${idPrefix}-email`} label={t('auth.email')} error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            required
            {...form.register('email', {
              required: 'auth.emailRequired',
              pattern: { value: EMAIL_RE, message: 'auth.emailInvalid' },
              setValueAs: (value: string) => value.trim(),
              onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
            })}
          />
        )}
      </FormField>
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
