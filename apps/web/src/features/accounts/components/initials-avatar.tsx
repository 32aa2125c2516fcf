import { useState } from 'react';
import { cn } from '@/lib/cn';

/** "Nguyễn Văn An" → "NA": first letters of the first and last words (the avatar without a picture). */
export function initialsOf(name: string | null | undefined, fallback = '?'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback.slice(0, 1).toUpperCase();
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-24 text-3xl' } as const;

/** The user's picture, or their initials when there is none or it fails to load. */
export function InitialsAvatar({
  name,
  fallback,
  src,
  size = 'sm',
  className,
}: {
  name: string | null | undefined;
  /** Used for the initial when there is no name (the e-mail, usually). */
  fallback?: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('shrink-0 rounded-full', SIZES[size], className);
  if (src && failed !== src) {
    return <img src={src} alt="" className={cn(box, 'object-cover')} onError={() => setFailed(src)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'inline-flex items-center justify-center bg-brand-600 font-semibold text-white')}
    >
      {initialsOf(name, fallback)}
    </span>
  );
}
