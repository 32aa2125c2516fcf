import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { FULL_NAME_MAX, PASSWORD_MIN } from '@flowbay/domain/limits';
import { Button } from '@/components/ui/button';
import { DisplayNameField, displayNameRules } from '@/components/display-name-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { CredentialsFields, type CredentialsValues } from './credentials-fields';

type SignupValues = CredentialsValues & { name: string };

/** "minh.thu" from "minh.thu@example.com": the name the form suggests until the person types their own. */
function nameFromEmail(email: string): string {
  return email.trim().split('@', 1)[0]!.slice(0, FULL_NAME_MAX);
}

export function SignupForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignupValues>({ defaultValues: { email: '', password: '', name: '' } });
  const { errors, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({
        ...values,
        name: values.name.trim() || nameFromEmail(values.email),
        returnTo,
      });
      setSentTo(values.email);
      form.reset();
      toast.success(t('auth.signupSuccess'), { description: t('auth.confirmEmail') });
    } catch (error) {
      // USER_ALREADY_EXISTS maps to "This email already exists."
      toast.error(t('auth.signupError'), { description: t(errorKey(error)) });
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('auth.signupTab')}
    >
      {sentTo && (
        <div
          className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          role="status"
        >
          <MailCheck className="size-5 shrink-0" aria-hidden="true" />
          <p>{t('auth.checkInbox', { email: sentTo })}</p>
        </div>
      )}
      <CredentialsFields
        form={form as unknown as UseFormReturn<CredentialsValues>}
        idPrefix="signup"
        passwordAutoComplete="new-password"
        passwordHelp={t('settings.passwordStrengthHelp', { min: PASSWORD_MIN })}
        onEmailChange={(email) => {
          // Prefilled from the address until the person edits the name themselves.
          if (!dirtyFields.name) form.setValue('name', nameFromEmail(email));
        }}
      />
      <DisplayNameField
        id="signup-name"
        autoComplete="nickname"
        errorKey={errors.name?.message}
        registration={form.register('name', displayNameRules)}
      />
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signingUp') : t('auth.signup')}
      </Button>
    </form>
  );
}
