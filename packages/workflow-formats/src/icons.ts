/**
 * Icons for app keys. Server side only: it reads the brand marks shipped in `brand-icons/`
 * (built by scripts/build-brand-icons.ts from the sets named in brand-icons/SOURCES.md), so the
 * browser gets icons as `/api/icons/{appKey}.svg` from `iconSvg` and never bundles an icon set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as simpleIcons from 'simple-icons';
import { appDefinition, appDisplayName, type GenericIconName, genericIconFor } from './apps.ts';
import { FALLBACK_ICON_BODY, GENERIC_ICON_BODIES } from './generic-icons.ts';

export type AppIcon =
  { type: 'brand'; source: string } | { type: 'generic'; name: GenericIconName } | { type: 'fallback' };

export interface AppInfo {
  key: string;
  name: string;
  icon: AppIcon;
}

const BRAND_DIR = join(import.meta.dirname, '../brand-icons');

let brandSources: ReadonlyMap<string, string> | undefined;

/** App key → the icon set and icon its brand mark came from, e.g. `slack` → `logos:slack-icon`. */
export function brandIconSources(): ReadonlyMap<string, string> {
  brandSources ??= new Map(
    Object.entries(JSON.parse(readFileSync(join(BRAND_DIR, 'index.json'), 'utf8')) as Record<string, string>),
  );
  return brandSources;
}

interface SimpleIcon {
  slug: string;
  hex: string;
  path: string;
}

let simpleBySlug: Map<string, SimpleIcon> | undefined;

/**
 * Apps outside the shipped list (a Make or Zapier app first seen in an upload) still get a brand
 * mark when Simple Icons has one under the key's letters.
 */
function simpleIconFor(key: string): SimpleIcon | undefined {
  if (appDefinition(key)?.brand === null) return undefined;
  if (!simpleBySlug) {
    simpleBySlug = new Map();
    for (const icon of Object.values(simpleIcons as Record<string, unknown>)) {
      if (icon && typeof icon === 'object' && 'slug' in icon && 'path' in icon && 'hex' in icon) {
        const { slug, hex, path } = icon as SimpleIcon;
        simpleBySlug.set(slug, { slug, hex, path });
      }
    }
  }
  const slug = key.replace(/[^a-z0-9]/g, '');
  return slug === '' ? undefined : simpleBySlug.get(slug);
}

function brandSourceOf(key: string): string | undefined {
  const shipped = brandIconSources().get(key);
  if (shipped) return shipped;
  const simple = simpleIconFor(key);
  return simple ? `simple-icons:${simple.slug}` : undefined;
}

/** Name and icon for an app key: its brand mark where one is shipped, else a generic glyph. */
export function appInfo(appKey: string): AppInfo {
  const key = String(appKey);
  const source = brandSourceOf(key);
  const generic = genericIconFor(key);
  const icon: AppIcon = source
    ? { type: 'brand', source }
    : generic
      ? { type: 'generic', name: generic }
      : { type: 'fallback' };
  return { key, name: appDisplayName(key), icon };
}

/** A complete standalone SVG document for the app's icon. */
export function iconSvg(appKey: string): string {
  const key = String(appKey);
  // Only keys listed in the index reach the file system, so a key never names another path.
  if (brandIconSources().has(key)) return readFileSync(join(BRAND_DIR, `${key}.svg`), 'utf8').trimEnd();
  const title = `<title>${escapeXml(appDisplayName(key))}</title>`;
  const simple = simpleIconFor(key);
  if (simple)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img">${title}<path fill="#${simple.hex}" d="${simple.path}"/></svg>`;
  const generic = genericIconFor(key);
  const body = generic ? GENERIC_ICON_BODIES[generic] : FALLBACK_ICON_BODY;
  const color = generic ? '#334155' : '#94a3b8';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${title}${body}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
