import { useState } from 'react';
import { Link } from 'react-router';
import { FORM_REQUEST_KINDS, PRIVACY_LIMITS, type DataRequest } from '@flowbay/domain';
import { paths } from '@flowbay/domain/routes';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateRequest, useOwnRequests } from '../api/privacy';

type FormKind = (typeof FORM_REQUEST_KINDS)[number];

/** The rights the user exercises here: access and deletion by their own functions, the rest by a request. */
export function DataRequests() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="data-requests-title">
      <h2 id="data-requests-title" className="text-lg font-semibold text-slate-900">
        {t('privacySettings.rightsTitle')}
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-slate-700">
        <li>
          <strong>{t('privacySettings.accessTitle')}</strong> {t('privacySettings.accessText')}{' '}
          <Link to={paths.profile()} className="font-medium text-brand-700 hover:underline">
            {t('privacySettings.accessLink')}
          </Link>
        </li>
        <li>
          <strong>{t('privacySettings.deletionTitle')}</strong> {t('privacySettings.deletionText')}{' '}
          <Link to={paths.profile()} className="font-medium text-brand-700 hover:underline">
            {t('privacySettings.deletionLink')}
          </Link>
        </li>
      </ul>
      <RequestForm />
      <OwnRequests />
    </section>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const create = useCreateRequest();
  const [kind, setKind] = useState<FormKind>('correction');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = details.trim();
    if (trimmed.length < PRIVACY_LIMITS.detailsMin) {
      setError(t('privacySettings.detailsTooShort', { min: PRIVACY_LIMITS.detailsMin }));
      return;
    }
    setError(undefined);
    create.mutate(
      { kind, details: trimmed },
      {
        onSuccess: () => {
          setDetails('');
          toast.success(t('privacySettings.requestSent'));
        },
        onError: (failure) =>
          toast.error(t('privacySettings.requestFailed'), { description: t(errorKey(failure)) }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label={t('privacySettings.formTitle')}
    >
      <p className="font-medium text-slate-900">{t('privacySettings.formTitle')}</p>
      <p className="text-sm text-slate-600">{t('privacySettings.formIntro')}</p>
      <div className="flex flex-col gap-1">
        <Label htmlFor="privacy-request-kind">{t('privacySettings.kind')}</Label>
        <NativeSelect
          id="privacy-request-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as FormKind)}
          options={FORM_REQUEST_KINDS.map((value) => ({ value, label: t(`privacySettings.kinds.${value}`) }))}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="privacy-request-details">{t('privacySettings.details')}</Label>
        <Textarea
          id="privacy-request-details"
          value={details}
          maxLength={PRIVACY_LIMITS.detailsMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'privacy-request-details-error' : undefined}
          onChange={(event) => setDetails(event.target.value)}
        />
        <FieldError id="privacy-request-details-error" message={error} />
      </div>
      <Button type="submit" disabled={create.isPending} className="self-start">
        {t('privacySettings.send')}
      </Button>
    </form>
  );
}

function OwnRequests() {
  const { t, i18n } = useTranslation();
  const requests = useOwnRequests();
  const list: DataRequest[] = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium text-slate-900">{t('privacySettings.yourRequests')}</h3>
      <ul className="flex flex-col gap-2">
        {list.map((request) => (
          <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium text-slate-900">
              {t(`privacySettings.kinds.${request.kind}`)} · {t(`privacySettings.status.${request.status}`)}
            </p>
            <p className="text-slate-500">
              {t('privacySettings.sentOn', { date: formatDateTime(request.created_at, i18n.language) })}
              {request.status === 'open' &&
                ` · ${t('privacySettings.dueBy', { date: formatDateTime(request.due_at, i18n.language) })}`}
            </p>
            {request.details && <p className="mt-1 whitespace-pre-wrap text-slate-700">{request.details}</p>}
            {request.answer && (
              <p className="mt-2 whitespace-pre-wrap text-slate-900">
                <strong>{t('privacySettings.answer')}</strong> {request.answer}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
