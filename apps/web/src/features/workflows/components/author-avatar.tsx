import { cn } from '@/lib/cn';

/** The author's picture, or the first letter of their name on a coloured disc. */
export function AuthorAvatar({
  name,
  src,
  size = 'sm',
}: {
  name: string | null;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-20 text-2xl' : size === 'md' ? 'size-8 text-sm' : 'size-6 text-xs';
  if (src) return <img src={src} alt="" className={cn('shrink-0 rounded-full object-cover', box)} />;
  const initial = (name?.trim()[0] ?? '?').toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        box,
      )}
    >
      {initial}
    </span>
  );
}

export function authorName(
  profile: { full_name: string | null; display_name: string | null } | null | undefined,
): string | null {
  return profile?.display_name?.trim() || profile?.full_name?.trim() || null;
}
