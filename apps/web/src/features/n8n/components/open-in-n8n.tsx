import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  loadN8nAddress,
  n8nTemplateUrl,
  normalizeN8nAddress,
  saveN8nAddress,
  templatesHostSetting,
} from '../lib/n8n-address';
import { CopyText } from './copy-text';

/**
 * "Open in n8n" for an n8n workflow's page: the user's n8n address is saved once in this browser;
 * the button opens the template on their n8n, which takes it from Flowbay's templates API.
 * Loaded on its own (lazy), so public pages do not ship it in their first load.
 */
export default function OpenInN8n({ number, paid }: { number: number; paid: boolean }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState<string | null>(() => loadN8nAddress());
  const [editing, setEditing] = useState(address === null);
  const [draft, setDraft] = useState(address ?? '');
  const [error, setError] = useState<string | undefined>();
  const setting = templatesHostSetting(window.location.origin);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeN8nAddress(draft);
    if (!normalized) {
      setError(t('n8n.addressInvalid'));
      return;
    }
    saveN8nAddress(normalized);
    setAddress(normalized);
    setDraft(normalized);
    setError(undefined);
    setEditing(false);
  };

  return (
    <TitledCard title={t('n8n.openTitle')} contentClassName="flex flex-col gap-4 text-sm text-slate-700">
      {address && !editing ? (
        <div className="flex flex-col gap-2">
          <Button asChild>
            <a href={n8nTemplateUrl(address, number)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('n8n.open')}
            </a>
          </Button>
          <p className="text-xs text-slate-600">
            {t('n8n.savedAddress', { address })}{' '}
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => setEditing(true)}
            >
              {t('n8n.change')}
            </button>
          </p>
        </div>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={save} noValidate>
          <FormField id="n8n-address" label={t('n8n.addressLabel')} error={error} help={t('n8n.addressHelp')}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://n8n.example.com"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" variant="outline">
            {t('n8n.saveAddress')}
          </Button>
        </form>
      )}
      {/* The server setting is for whoever runs an n8n, not every shopper: it waits behind a disclosure. */}
      <details className="group rounded-lg border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer font-medium text-slate-900">{t('n8n.useInYourN8n')}</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p>{t('n8n.settingIntro')}</p>
          <CopyText text={setting} label={t('n8n.copySetting')} />
          <p className="text-xs text-slate-600">{t('n8n.settingAfter')}</p>
        </div>
      </details>
      {paid && (
        <p className="text-xs text-slate-600">
          {t('n8n.paidHint')}{' '}
          <Link to="/profile" className="font-medium text-brand-700 hover:underline">
            {t('n8n.paidHintLink')}
          </Link>
        </p>
      )}
    </TitledCard>
  );
}
