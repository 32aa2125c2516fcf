import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FULL_NAME_MAX, URL_MAX, type OwnProfile } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { ApiRequestError, errorKey } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { InitialsAvatar } from './initials-avatar';

interface Values {
  full_name: string;
  avatar_url: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<Values>({
    defaultValues: { full_name: profile.full_name ?? '', avatar_url: profile.avatar_url ?? '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    form.reset({ full_name: profile.full_name ?? '', avatar_url: profile.avatar_url ?? '' });
  }, [profile, form]);

  const [name, avatar] = form.watch(['full_name', 'avatar_url']);
  const preview = avatar && isHttpUrl(avatar) ? avatar : null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ full_name: values.full_name.trim(), avatar_url: values.avatar_url.trim() });
      toast.success(t('account.updated'));
    } catch (error) {
      const signedOut = error instanceof ApiRequestError && error.status === 401;
      toast.error(t(signedOut ? 'account.loginAgain' : 'account.updateFailed'), {
        description: signedOut ? undefined : t(errorKey(error)),
      });
    }
  });

  const nameError = errors.full_name?.message
    ? t(errors.full_name.message, { max: FULL_NAME_MAX })
    : undefined;
  const avatarError = errors.avatar_url?.message ? t(errors.avatar_url.message) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
        <InitialsAvatar name={name} fallback={profile.email} src={preview} size="lg" />
        <div className="text-center sm:text-left">
          <p className="text-lg font-semibold text-slate-900">{name.trim() || t('profile.anonymous')}</p>
          <Link
            to={`/profiles/${profile.id}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('account.viewPublicPage')}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <FormField id="profile-email" label={t('account.email')} help={t('account.emailReadOnly')}>
        <Input
          id="profile-email"
          type="email"
          value={profile.email}
          disabled
          readOnly
          aria-describedby="profile-email-help"
        />
      </FormField>
      <FormField id="profile-name" label={t('account.fullName')} error={nameError}>
        <Input
          id="profile-name"
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy('profile-name', { error: nameError })}
          {...form.register('full_name', {
            maxLength: { value: FULL_NAME_MAX, message: 'account.nameTooLong' },
          })}
        />
      </FormField>
      <FormField
        id="profile-avatar"
        label={t('account.avatarUrl')}
        error={avatarError}
        help={t('account.avatarHelp')}
      >
        <Input
          id="profile-avatar"
          type="url"
          inputMode="url"
          placeholder="https://…"
          aria-invalid={avatarError ? true : undefined}
          aria-describedby={describedBy('profile-avatar', { help: true, error: avatarError })}
          {...form.register('avatar_url', {
            validate: (value) =>
              value.trim() === '' ||
              (value.trim().length <= URL_MAX && isHttpUrl(value.trim())) ||
              'account.avatarInvalid',
          })}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('account.updating') : t('account.update')}
        </Button>
        <Button asChild variant="outline">
          <Link to="/workflows">{t('detail.backToWorkflows')}</Link>
        </Button>
      </div>
    </form>
  );
}
