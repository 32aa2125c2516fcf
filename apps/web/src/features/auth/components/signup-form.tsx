import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@flowbay/domain/limits';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { CredentialsFields, type CredentialsValues } from './credentials-fields';

export function SignupForm() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<CredentialsValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      setSentTo(values.email);
      form.reset();
      toast.success(t('auth.signupSuccess'), { description: t('auth.confirmEmail') });
    } catch (error) {
      // USER_ALREADY_EXISTS maps to the spec's "This email already exists."
      toast.error(t('auth.signupError'), { description: t(errorKey(error)) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.signupTab')}>
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
        form={form}
        idPrefix="signup"
        passwordAutoComplete="new-password"
        passwordHelp={t('auth.passwordHelp', { min: PASSWORD_MIN })}
      />
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signingUp') : t('auth.signup')}
      </Button>
    </form>
  );
}
