import { cn } from '@/lib/cn';

/** A brand or generic app icon, drawn by the server (`/api/icons/<key>.svg`) so no icon set ships to the browser. */
export function AppIcon({
  appKey,
  name,
  size = 'md',
}: {
  appKey: string;
  name: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = size === 'sm' ? 'size-7' : size === 'lg' ? 'size-10' : 'size-8';
  const image = size === 'sm' ? 16 : size === 'lg' ? 24 : 18;
  return (
    <span
      className={cn(
        'inline-flex items-center justify-center rounded-lg border border-slate-200 bg-white shadow-xs',
        box,
      )}
      title={name}
    >
      <img
        src={`/api/icons/${encodeURIComponent(appKey)}.svg`}
        alt={name}
        width={image}
        height={image}
        loading="lazy"
        decoding="async"
      />
    </span>
  );
}
