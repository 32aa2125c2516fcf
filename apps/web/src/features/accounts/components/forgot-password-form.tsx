import { ArrowLeft, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/reset-password';
import { EmailField, emailRules } from './credentials-fields';

export function ForgotPasswordForm({ onBack, returnTo }: { onBack: () => void; returnTo: string | null }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email, returnTo });
    } catch (failure) {
      toast.error(t('auth.resetRequestFailed'), { description: t(errorKey(failure)) });
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('auth.forgotTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('auth.forgotSubtitle')}</p>
      </div>
      {request.isSuccess ? (
        <div
          className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          role="status"
        >
          <MailCheck className="size-5 shrink-0" aria-hidden="true" />
          <p>{t('auth.resetSent')}</p>
        </div>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <EmailField id="forgot-email" errorKey={error} registration={form.register('email', emailRules)} />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? t('auth.sending') : t('auth.sendResetLink')}
          </Button>
        </form>
      )}
      <Button variant="ghost" onClick={onBack} className="self-start">
        <ArrowLeft aria-hidden="true" />
        {t('auth.backToLogin')}
      </Button>
    </div>
  );
}
