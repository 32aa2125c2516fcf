import { HelpCircle, Mail, MessageCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useContactChannels } from '@/features/contact/api/get-contact-channels';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageHead } from '@/lib/page-meta';
import { page } from './contact.page';

const CHAT_HANDLE = '@flowbay.support';

export function Component() {
  const { t } = useTranslation();
  usePageHead(page, undefined);
  // The address the form itself sends to (the server's SUPPORT_EMAIL), never a copy that can drift.
  const supportEmail = useContactChannels().data?.support_email;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader title={t('contact.title')} intro={t('contact.subtitle')} className="max-w-2xl" />
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card>
          <CardContent className="p-6 pt-6 sm:p-8">
            <ContactForm />
          </CardContent>
        </Card>
        <aside className="flex flex-col gap-4">
          <OtherWay icon={Mail} title={t('contact.emailUs')}>
            {supportEmail ? (
              <a
                href={`mailto:${supportEmail}`}
                className="mt-1 block text-sm break-all text-brand-700 hover:underline"
              >
                {supportEmail}
              </a>
            ) : (
              <Skeleton className="mt-2 h-4 w-40" />
            )}
          </OtherWay>
          <OtherWay icon={MessageCircle} title={t('contact.chat')}>
            <p className="mt-1 text-sm text-slate-600">{t('contact.chatText', { handle: CHAT_HANDLE })}</p>
          </OtherWay>
          <OtherWay icon={HelpCircle} title={t('contact.faqTitle')}>
            <p className="mt-1 text-sm text-slate-600">{t('contact.faqText')}</p>
            <Link to="/faq" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              {t('contact.faqLink')}
            </Link>
          </OtherWay>
        </aside>
      </div>
    </div>
  );
}

/** Another way to reach us, beside the form: an icon, what it is, and how. */
function OtherWay({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <Icon className="size-5 text-brand-700" aria-hidden="true" />
      <h2 className="mt-2 font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}
