import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { FULL_NAME_MAX, PASSWORD_MIN } from '@flowbay/domain/limits';
import { CONSENT_PURPOSES, type ConsentPurpose } from '@flowbay/domain/privacy';
import { Button } from '@/components/ui/button';
import { DisplayNameField, displayNameRules } from '@/components/display-name-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { CredentialsFields, type CredentialsValues } from './credentials-fields';

type SignupValues = CredentialsValues & { name: string; consents: Record<ConsentPurpose, boolean> };

/** Every optional purpose unticked: silence is no consent (decision 0174). */
const NO_CONSENTS: Record<ConsentPurpose, boolean> = {
  marketing: false,
  workflow_update: false,
  new_listing: false,
};

/** "minh.thu" from "minh.thu@example.com": the name the form suggests until the person types their own. */
function nameFromEmail(email: string): string {
  return email.trim().split('@', 1)[0]!.slice(0, FULL_NAME_MAX);
}

export function SignupForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    defaultValues: { email: '', password: '', name: '', consents: NO_CONSENTS },
  });
  const { errors, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({
        email: values.email,
        password: values.password,
        name: values.name.trim() || nameFromEmail(values.email),
        consents: CONSENT_PURPOSES.filter((purpose) => values.consents[purpose]),
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
      <p className="text-sm text-slate-600">{t('auth.requiredPart')}</p>
      <fieldset className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">{t('auth.optionalLegend')}</legend>
        {CONSENT_PURPOSES.map((purpose) => (
          <label key={purpose} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              {...form.register(`consents.${purpose}`)}
            />
            <span>{t(`auth.optional.${purpose}`)}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signingUp') : t('auth.signup')}
      </Button>
    </form>
  );
}
