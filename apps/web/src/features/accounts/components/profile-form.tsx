import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { BIO_MAX, PROFILE_LINKS_MAX, URL_MAX, type OwnProfile } from '@flowbay/domain';
import { Button, ButtonLink } from '@/components/ui/button';
import { DisplayNameField, displayNameRules } from '@/components/display-name-field';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { ApiRequestError, errorKey } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarField } from './avatar-field';
import { translateMessage } from '@/i18n/keys';

interface Values {
  full_name: string;
  bio: string;
  links: string[];
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function valuesOf(profile: OwnProfile): Values {
  return {
    full_name: profile.full_name ?? '',
    bio: profile.bio ?? '',
    links: Array.from({ length: PROFILE_LINKS_MAX }, (_, index) => profile.links[index] ?? ''),
  };
}

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<Values>({ defaultValues: valuesOf(profile) });
  const { errors } = form.formState;
  useEffect(() => {
    form.reset(valuesOf(profile));
  }, [profile, form]);

  const [name, bio] = form.watch(['full_name', 'bio']);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        full_name: values.full_name.trim(),
        bio: values.bio.trim(),
        links: values.links.map((link) => link.trim()).filter(Boolean),
      });
      toast.success(t('account.updated'));
    } catch (error) {
      const signedOut = error instanceof ApiRequestError && error.status === 401;
      toast.error(t(signedOut ? 'account.loginAgain' : 'account.updateFailed'), {
        description: signedOut ? undefined : t(errorKey(error)),
      });
    }
  });

  const bioError = errors.bio?.message
    ? translateMessage(t, errors.bio.message, { max: BIO_MAX })
    : undefined;

  return (
    <div className="flex flex-col gap-6">
      <AvatarField profile={profile} name={name} />
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
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
        <FormField id="profile-email" label={t('account.email')} help={t('account.emailReadOnly')}>
          {(control) => <Input {...control} type="email" value={profile.email} disabled readOnly />}
        </FormField>
        <DisplayNameField
          id="profile-name"
          autoComplete="name"
          errorKey={errors.full_name?.message}
          registration={form.register('full_name', displayNameRules)}
        />
        <FormField
          id="profile-bio"
          label={t('settings.bio')}
          error={bioError}
          help={t('settings.bioHelp', { count: bio.length, max: BIO_MAX })}
        >
          {(control) => (
            <Textarea
              {...control}
              maxLength={BIO_MAX}
              {...form.register('bio', { maxLength: { value: BIO_MAX, message: 'settings.bioTooLong' } })}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-slate-900">{t('settings.links')}</legend>
          <p className="text-xs text-slate-600">{t('settings.linksHelp', { max: PROFILE_LINKS_MAX })}</p>
          {Array.from({ length: PROFILE_LINKS_MAX }, (_, index) => {
            const id = `profile-link-${index}`;
            const error = errors.links?.[index]?.message
              ? translateMessage(t, errors.links[index]!.message!)
              : undefined;
            return (
              <FormField
                key={id}
                id={id}
                label={t('settings.linkLabel', { number: index + 1 })}
                error={error}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    placeholder="https://…"
                    {...form.register(`links.${index}` as const, {
                      validate: (value) =>
                        value.trim() === '' ||
                        (value.trim().length <= URL_MAX && isHttpUrl(value.trim())) ||
                        'account.avatarInvalid',
                    })}
                  />
                )}
              </FormField>
            );
          })}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('account.updating') : t('account.update')}
          </Button>
          <ButtonLink variant="outline" to="/workflows">
            {t('detail.backToWorkflows')}
          </ButtonLink>
        </div>
      </form>
    </div>
  );
}
