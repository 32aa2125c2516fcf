import { CheckCircle2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import type { ContactInput } from '@flowbay/domain/contact';
import { CONTACT_LIMITS } from '@flowbay/domain/limits';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSendContactMessage } from '../api/send-contact-message';
import { translateMessage } from '@/i18n/keys';

type Field = keyof ContactInput;
const EMPTY: ContactInput = { full_name: '', email: '', subject: '', message: '' };
const resolver = lazyResolver(() =>
  import('../lib/contact-resolver').then((module) => module.contactResolver),
);

export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const form = useForm<ContactInput>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  // Schema messages are codes (`too_short`…); the words come from the UI language.
  const message = (field: Field) => {
    const code = errors[field]?.message;
    if (!code) return undefined;
    return translateMessage(t, `contact.validation.${code}`, {
      min: field === 'subject' ? CONTACT_LIMITS.subjectMin : CONTACT_LIMITS.messageMin,
      max:
        field === 'message'
          ? CONTACT_LIMITS.messageMax
          : field === 'subject'
            ? CONTACT_LIMITS.subjectMax
            : CONTACT_LIMITS.nameMax,
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('contact.sent'));
      form.reset(EMPTY);
    } catch (error) {
      toast.error(t('contact.failed'), { description: t(errorKey(error)) });
    }
  });

  if (send.isSuccess && !form.formState.isDirty) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
        <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold text-slate-900">{t('contact.thanksTitle')}</h2>
        <p className="max-w-sm text-slate-600">{t('contact.thanksText')}</p>
        <Button variant="outline" className="mt-2" onClick={() => send.reset()}>
          {t('contact.another')}
        </Button>
      </div>
    );
  }

  const field = (
    name: Field,
    label: string,
    control: 'input' | 'textarea',
    type = 'text',
    autoComplete?: string,
  ) => (
    <FormField id={`contact-${name}`} label={label} error={message(name)}>
      {(aria) =>
        control === 'input' ? (
          <Input type={type} autoComplete={autoComplete} {...aria} {...form.register(name)} />
        ) : (
          <Textarea rows={6} {...aria} {...form.register(name)} />
        )
      }
    </FormField>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {field('full_name', t('contact.fullName'), 'input', 'text', 'name')}
        {field('email', t('contact.email'), 'input', 'email', 'email')}
      </div>
      {field('subject', t('contact.subject'), 'input')}
      {field('message', t('contact.message'), 'textarea')}
      <Button type="submit" size="lg" disabled={send.isPending} className="self-start">
        <Send aria-hidden="true" />
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
