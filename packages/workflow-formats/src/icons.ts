/**
 * Icons for app keys. Server side only: it loads simple-icons (several MB), so the browser gets
 * icons as `/api/icons/{appKey}.svg` from `iconSvg` and never bundles this module.
 */
import * as simpleIcons from 'simple-icons';
import { appDefinition, appDisplayName, type GenericIconName, genericIconFor } from './apps.ts';
import { FALLBACK_ICON_BODY, GENERIC_ICON_BODIES } from './generic-icons.ts';

export type AppIcon =
  | { type: 'brand'; slug: string; hex: string }
  | { type: 'generic'; name: GenericIconName }
  | { type: 'fallback' };

export interface AppInfo {
  key: string;
  name: string;
  icon: AppIcon;
}

interface BrandIcon {
  slug: string;
  hex: string;
  path: string;
  title: string;
}

let brandsBySlug: Map<string, BrandIcon> | undefined;

function brands(): Map<string, BrandIcon> {
  if (!brandsBySlug) {
    brandsBySlug = new Map();
    for (const icon of Object.values(simpleIcons as Record<string, unknown>)) {
      if (icon && typeof icon === 'object' && 'slug' in icon && 'path' in icon && 'hex' in icon) {
        const { slug, hex, path, title } = icon as BrandIcon;
        brandsBySlug.set(slug, { slug, hex, path, title });
      }
    }
  }
  return brandsBySlug;
}

function brandFor(key: string): BrandIcon | undefined {
  const definition = appDefinition(key);
  if (definition?.brand === null) return undefined;
  const slug = definition?.brand ?? key.replace(/[^a-z0-9]/g, '');
  return slug === '' ? undefined : brands().get(slug);
}

/** Name and icon for an app key: a brand icon where simple-icons has one, else a generic one. */
export function appInfo(appKey: string): AppInfo {
  const key = String(appKey);
  const brand = brandFor(key);
  const generic = genericIconFor(key);
  const icon: AppIcon = brand
    ? { type: 'brand', slug: brand.slug, hex: `#${brand.hex}` }
    : generic
      ? { type: 'generic', name: generic }
      : { type: 'fallback' };
  return { key, name: appDisplayName(key), icon };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A complete standalone SVG document for the app's icon. */
export function iconSvg(appKey: string): string {
  const key = String(appKey);
  const title = `<title>${escapeXml(appDisplayName(key))}</title>`;
  const brand = brandFor(key);
  if (brand) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img">${title}<path fill="#${brand.hex}" d="${brand.path}"/></svg>`;
  }
  const generic = genericIconFor(key);
  const body = generic ? GENERIC_ICON_BODIES[generic] : FALLBACK_ICON_BODY;
  const color = generic ? '#334155' : '#94a3b8';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${title}${body}</svg>`;
}
