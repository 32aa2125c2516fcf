import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { OwnProfile } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar';
import { InitialsAvatar } from './initials-avatar';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** The avatar: uploaded (the server checks the bytes, crops it square and resizes it), never typed in. */
export function AvatarField({ profile, name }: { profile: OwnProfile; name: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toast.success(t('settings.avatarUpdated'));
    } catch (error) {
      toast.error(t('settings.avatarFailed'), { description: t(errorKey(error)) });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function onRemove() {
    try {
      await remove.mutateAsync();
      toast.success(t('settings.avatarRemoved'));
    } catch (error) {
      toast.error(t('settings.avatarFailed'), { description: t(errorKey(error)) });
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
      <InitialsAvatar name={name} fallback={profile.email} src={profile.avatar_url} size="lg" />
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <label htmlFor="profile-avatar-file" className="sr-only">
          {t('settings.avatarChoose')}
        </label>
        <input
          ref={input}
          id="profile-avatar-file"
          type="file"
          accept={ACCEPTED}
          className="sr-only"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <ImageUp aria-hidden="true" />
            {upload.isPending ? t('settings.avatarUploading') : t('settings.avatarUpload')}
          </Button>
          {profile.avatar_url && (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void onRemove()}>
              <Trash2 aria-hidden="true" />
              {t('settings.avatarRemove')}
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-600">{t('settings.avatarHelp')}</p>
      </div>
    </div>
  );
}
