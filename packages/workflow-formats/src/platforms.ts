/**
 * The workflow platforms Flowbay reads, in the order they are listed (platform filters, the seed's
 * taxonomy rows). Plain data, so every page of the browser may import it
 * (`@flowbay/workflow-formats/platforms`): the domain's `WorkflowPlatform` schema, the seed's
 * platform rows and the web's platform names derive from it. Each platform's reader (detect, count,
 * parse, secret scan) is in `readers.ts`, keyed by the same ids, so a platform without one does not
 * compile. Adding a platform: docs/architecture.md, "Adding a workflow platform".
 */

export interface PlatformDefinition {
  /** Its name in each UI language; also the name of its taxonomy row (category). */
  names: { en: string; vi: string };
  /** How its export looks, for the parser's "not a workflow" message: `a Make blueprint (flow + metadata)`. */
  exportShape: string;
  /** The two colours of the demo covers' gradient (seed). */
  coverColours: readonly [from: string, to: string];
}

export const PLATFORMS = {
  n8n: {
    names: { en: 'n8n', vi: 'n8n' },
    exportShape: 'an n8n workflow (nodes + connections)',
    coverColours: ['#ea4b71', '#7b2d8e'],
  },
  make: {
    names: { en: 'Make', vi: 'Make' },
    exportShape: 'a Make blueprint (flow + metadata)',
    coverColours: ['#6d00cc', '#1e3a8a'],
  },
  zapier: {
    names: { en: 'Zapier', vi: 'Zapier' },
    exportShape: 'a Zapier export (zaps)',
    coverColours: ['#ff4f00', '#b45309'],
  },
} as const satisfies Record<string, PlatformDefinition>;

/** A platform's id: its taxonomy (category) id, its fixture folder and `ParseSuccess.platform`. */
export type PlatformId = keyof typeof PLATFORMS;

/** Every platform id, in listing order (a non-empty tuple, as `z.enum` takes it). */
export const PLATFORM_IDS = Object.keys(PLATFORMS) as [PlatformId, ...PlatformId[]];

export function isPlatformId(value: string): value is PlatformId {
  return Object.prototype.hasOwnProperty.call(PLATFORMS, value);
}

export type PlatformLanguage = keyof PlatformDefinition['names'];

/** A platform's name in a UI language; an unknown id is shown as it is. */
export function platformName(id: string, language: PlatformLanguage): string {
  return isPlatformId(id) ? PLATFORMS[id].names[language] : id;
}

/** Items in listing order as a sentence's list: `n8n, Make or Zapier`. */
export function listOfPlatforms(items: (id: PlatformId) => string, lastJoin: string): string {
  const all = PLATFORM_IDS.map(items);
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} ${lastJoin} ${all.at(-1)!}`;
}
