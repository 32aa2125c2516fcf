import { cn } from '@/lib/cn';

/**
 * Address of an app's icon as the server draws it, so no icon set ships to the browser. Pages show the
 * PNG (decoded off the main thread, where each SVG image costs the browser a document of its own);
 * the graph preview, which zooms, shows the SVG.
 */
export function appIconSrc(appKey: string, kind: 'png' | 'svg' = 'png'): string {
  return `/api/icons/${encodeURIComponent(appKey)}.${kind}`;
}

/** A brand or generic app icon (see appIconSrc). */
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
      <img src={appIconSrc(appKey)} alt={name} width={image} height={image} loading="lazy" decoding="async" />
    </span>
  );
}
