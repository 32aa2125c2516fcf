import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FormField, describedBy } from '@/components/ui/form-field';
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
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const emailError = errors.email?.message ? translateMessage(t, errors.email.message) : undefined;
  const passwordError = errors.password?.message ? translateMessage(t, errors.password.message) : undefined;
  return (
    <>
      <FormField id={emailId} label={t('auth.email')} error={emailError}>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          required
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy(emailId, { error: emailError })}
          {...form.register('email', {
            required: 'auth.emailRequired',
            pattern: { value: EMAIL_RE, message: 'auth.emailInvalid' },
            setValueAs: (value: string) => value.trim(),
            onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
          })}
        />
      </FormField>
      <FormField id={passwordId} label={t('auth.password')} error={passwordError} help={passwordHelp}>
        <Input
          id={passwordId}
          type="password"
          autoComplete={passwordAutoComplete}
          required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy(passwordId, { help: passwordHelp, error: passwordError })}
          {...form.register('password', { required: 'auth.passwordRequired' })}
        />
      </FormField>
    </>
  );
}
