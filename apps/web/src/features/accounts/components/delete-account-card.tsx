import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { OwnProfile } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useDeleteAccount, useRequestDeletionLink } from '../api/delete-account';
import { AccountSection } from './account-section';

/**
 * "Delete my account", confirmed by the password, or for a Google account by the link we e-mail
 * (it opens this page with `?delete=<token>`).
 */
export function DeleteAccountCard({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('delete');
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const remove = useDeleteAccount();
  const link = useRequestDeletionLink();
  const canConfirm = understood && (profile.has_password ? password.length > 0 : Boolean(token));

  async function onDelete() {
    try {
      await remove.mutateAsync(profile.has_password ? { password } : { token: token ?? '' });
      // A full load of the home page: nothing about the person stays in this tab's memory.
      window.location.assign('/');
    } catch (error) {
      toast.error(t('settings.deleteFailed'), { description: t(errorKey(error)) });
    }
  }

  return (
    <AccountSection id="delete-title" title={t('settings.deleteTitle')} danger>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('settings.deleteWhatGoes')}</li>
        <li>{t('settings.deleteListings')}</li>
        <li>{t('settings.deleteKept')}</li>
      </ul>
      {profile.has_password ? (
        <TextField
          id="delete-password"
          label={t('settings.deletePassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
      ) : token ? (
        <p className="text-sm text-slate-700">{t('settings.deleteLinkOpened')}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">{t('settings.deleteNeedsLink')}</p>
          {link.isSuccess ? (
            <p role="status" className="text-sm text-emerald-800">
              {t('settings.deleteLinkSent', { email: link.data.email })}
            </p>
          ) : (
            <div>
              <Button type="button" variant="outline" disabled={link.isPending} onClick={() => link.mutate()}>
                {t('settings.deleteSendLink')}
              </Button>
            </div>
          )}
        </div>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        {t('settings.deleteUnderstood')}
      </label>
      <div>
        <Button
          type="button"
          variant="destructive"
          disabled={!canConfirm || remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending ? t('settings.deleting') : t('settings.deleteButton')}
        </Button>
      </div>
    </AccountSection>
  );
}
