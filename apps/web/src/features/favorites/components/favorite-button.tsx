import { Heart } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFavoriteCheck, useToggleFavorite } from '../api/favorites';

/**
 * Favourite on the detail page: disabled while the status loads and while adding or removing.
 * Visitors get a sign-in message (with a way to log in) instead of a silent no-op.
 */
export function FavoriteButton({ workflowId, signedIn }: { workflowId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const check = useFavoriteCheck(workflowId, signedIn);
  const toggle = useToggleFavorite(workflowId);
  const favorited = check.data?.isFavorited ?? false;
  const busy = signedIn && (check.isPending || toggle.isPending);

  const onClick = () => {
    if (!signedIn) {
      toast.message(t('favorites.loginRequired'), {
        action: {
          label: t('nav.login'),
          onClick: () => void navigate('/auth', { state: { from: location.pathname } }),
        },
      });
      return;
    }
    toggle.mutate(!favorited, {
      onSuccess: (state) => toast.success(t(state.isFavorited ? 'favorites.added' : 'favorites.removed')),
      onError: (error) =>
        toast.error(t(favorited ? 'favorites.removeFailed' : 'favorites.addFailed'), {
          description: t(errorKey(error)),
        }),
    });
  };

  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={busy}
      aria-pressed={signedIn ? favorited : undefined}
    >
      <Heart className={cn(favorited && 'fill-rose-500 text-rose-500')} aria-hidden="true" />
      {toggle.isPending
        ? t(favorited ? 'favorites.removing' : 'favorites.adding')
        : t(favorited ? 'favorites.favorited' : 'favorites.favorite')}
    </Button>
  );
}
