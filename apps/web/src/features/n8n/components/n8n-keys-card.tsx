import { KeyRound, Loader2, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { CreatedN8nKey } from '@flowbay/domain';
import { N8N_KEY_LABEL_MAX } from '@flowbay/domain/n8n';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { LoadError } from '@/components/load-error';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { failedWithNothingToShow } from '@/lib/query';
import { useCreateN8nKey, useN8nKeys, useRevokeN8nKey } from '../api/n8n-keys';
import { templatesHostSetting } from '../lib/n8n-address';
import { CopyText } from './copy-text';

/**
 * Personal n8n library keys on the profile page: with one as N8N_TEMPLATES_HOST, the user's n8n
 * gets the workflows they bought in full. A new key is shown once; revoking one shuts it off.
 */
export default function N8nKeysCard() {
  const { t, i18n } = useTranslation();
  const keys = useN8nKeys();
  const create = useCreateN8nKey();
  const revoke = useRevokeN8nKey();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedN8nKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(label.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setLabel('');
      },
      onError: (error) => toast.error(t(errorKey(error))),
    });
  };
  const revokeKey = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => {
        if (created?.id === id) setCreated(null);
        toast.success(t('n8n.keyRevoked'));
      },
      onError: (error) => toast.error(t(errorKey(error))),
    });

  return (
    <section aria-labelledby="n8n-keys-title" className="flex flex-col gap-4">
      <div>
        <h2 id="n8n-keys-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <KeyRound className="size-5 text-brand-600" aria-hidden="true" />
          {t('n8n.keysTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('n8n.keysIntro')}</p>
      </div>

      {created && (
        <div
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
          role="status"
        >
          <p className="font-semibold text-amber-900">{t('n8n.keyShownOnce')}</p>
          <CopyText
            text={templatesHostSetting(window.location.origin, created.key)}
            label={t('n8n.copySetting')}
          />
        </div>
      )}

      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit}>
        <div className="flex-1">
          <FormField id="n8n-key-label" label={t('n8n.keyLabel')}>
            {(control) => (
              <Input
                {...control}
                value={label}
                maxLength={N8N_KEY_LABEL_MAX}
                placeholder={t('n8n.keyLabelPlaceholder')}
                onChange={(event) => setLabel(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('n8n.createKey')}
        </Button>
      </form>

      {failedWithNothingToShow(keys) ? (
        <LoadError messages={[t('n8n.keysLoadFailed')]} onRetry={() => void keys.refetch()} />
      ) : keys.data && keys.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {keys.data.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{key.label || t('n8n.keyUnnamed')}</p>
                <p className="text-xs text-slate-600">
                  <code>{key.prefix}…</code> ·{' '}
                  {t('n8n.keyCreated', { date: formatDate(key.created_at, i18n.language) })}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revokeKey(key.id)}
                aria-label={t('n8n.revokeNamed', { name: key.label || key.prefix })}
              >
                <Trash2 aria-hidden="true" />
                {t('n8n.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : keys.data ? (
        <p className="text-sm text-slate-600">{t('n8n.noKeys')}</p>
      ) : null}
    </section>
  );
}
