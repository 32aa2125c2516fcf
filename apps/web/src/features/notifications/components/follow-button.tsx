import { UserCheck, UserPlus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useFollowState, useToggleFollow } from '../api/notifications';

/**
 * Follow on an author's profile and a workflow's author card, with the follower count. Visitors are
 * asked to sign in; the author sees the count without a button (nobody follows themselves).
 */
export function FollowButton({
  authorId,
  signedIn,
  isSelf,
  className,
}: {
  authorId: string;
  signedIn: boolean;
  isSelf: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = useFollowState(authorId);
  const toggle = useToggleFollow(authorId);
  const following = state.data?.following ?? false;
  const count = state.data?.followers_count ?? 0;
  // The count shows once it is known (never a "0 followers" that then jumps).
  const followers = state.data && (
    <span className="text-sm text-slate-600" data-testid="followers-count">
      {t('follow.followers', { count, formatted: formatNumber(count, i18n.language) })}
    </span>
  );
  if (isSelf) return <div className={className}>{followers}</div>;

  const onClick = () => {
    if (!signedIn) {
      toast.message(t('follow.loginRequired'), {
        action: {
          label: t('nav.login'),
          onClick: () => void navigate(paths.auth(), { state: { from: location.pathname } }),
        },
      });
      return;
    }
    toggle.mutate(!following, {
      onSuccess: (next) => toast.success(t(next.following ? 'follow.followed' : 'follow.unfollowed')),
      onError: (error) => toast.error(t('follow.failed'), { description: t(errorKey(error)) }),
    });
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <Button
        variant={following ? 'outline' : 'primary'}
        size="sm"
        onClick={onClick}
        disabled={state.isPending || toggle.isPending}
        aria-pressed={signedIn ? following : undefined}
      >
        {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {t(following ? 'follow.following' : 'follow.follow')}
      </Button>
      {followers}
    </div>
  );
}
