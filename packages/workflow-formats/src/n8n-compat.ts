/**
 * Which n8n releases a workflow runs on, computed from the node catalogue
 * (data/n8n-catalogue.json, built by `npm run n8n:catalogue` from n8n's published node packages;
 * decision 0164). Pure: the same requirements and catalogue always give the same answer.
 *
 * n8n looks a node up by its exact type and typeVersion: the editor shows a node whose typeVersion
 * its release does not list as an unknown node, and the server finds no versioned node for it. So a
 * typeVersion between listed ones (2.1 where a release lists 2 and 2.2) counts as unknown, and a
 * node without a typeVersion counts as version 1, as n8n reads it.
 */
import catalogueJson from '../data/n8n-catalogue.json' with { type: 'json' };
import { n8nPackageOf } from './apps.ts';

// The stamp lives in its own module, written with the data by the build script: read from the JSON
// here, it would pull the whole catalogue into every web bundle that imports this package.
export { N8N_CATALOGUE_VERSION } from './n8n-compat-version.ts';

/** One catalogued release and the node package versions it ships. */
interface CatalogueRelease {
  n8n: string;
  base: string;
  langchain: string | null;
}

/** Flat ranges of catalogued releases: [first, last, first, last, ...]; a last of null: still there. */
type Ranges = (string | null)[];

interface CatalogueNode {
  /** The display name in the newest release that has the type. */
  name: string;
  /** Per typeVersion (as `String(number)`), the releases that list it. */
  v: Record<string, Ranges>;
  /** The release from which n8n hides every version of the type from its nodes panel. */
  deprecated?: string;
  /** The releases that exclude the type by default (NODES_EXCLUDE). */
  disabled?: Ranges;
  /** The typeVersion the newest release gives a new node, when lower than its highest one. */
  d?: number;
}

interface Catalogue {
  version: string;
  releases: CatalogueRelease[];
  nodes: Record<string, CatalogueNode>;
  credentials: Record<string, string>;
}

/** Why a release bound exists for a node (the same values as the domain's `COMPAT_REASONS`). */
export type N8nCompatReason = 'introduced' | 'removed' | 'disabled' | 'deprecated' | 'unknown';

/** The domain's `N8nCompatibility` shape (this package depends on no other project package). */
export interface N8nCompatibilityResult {
  catalogue: string;
  min: string | null;
  max: string | null;
  limits: {
    type: string;
    display_name: string;
    version: number | string;
    reason: N8nCompatReason;
    release: string | null;
  }[];
  community_packages: string[];
  unknown_types: string[];
  upgrades: { type: string; display_name: string; used: number | string; latest: number | string }[];
}

/** What the compatibility is computed from: `Requirements` of a parsed n8n file. */
export interface N8nRequirements {
  communityPackages: string[];
  nodeTypeVersions: { type: string; version?: number | string | null }[];
}

const BUILT_IN_PACKAGES = new Set(['n8n-nodes-base', '@n8n/n8n-nodes-langchain']);

let loaded: { catalogue: Catalogue; index: Map<string, number> } | undefined;

function catalogueData() {
  if (!loaded) {
    const catalogue = catalogueJson as unknown as Catalogue;
    const index = new Map(catalogue.releases.map((release, i) => [release.n8n, i]));
    loaded = { catalogue, index };
  }
  return loaded;
}

/** The catalogued n8n releases, oldest first. */
export function n8nCatalogueReleases(): string[] {
  return catalogueData().catalogue.releases.map((release) => release.n8n);
}

/** The indices of the catalogued releases a range list covers. */
function indicesOf(ranges: Ranges | undefined): Set<number> {
  const { catalogue, index } = catalogueData();
  const out = new Set<number>();
  if (!ranges) return out;
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    const first = index.get(ranges[i] ?? '');
    const lastRelease = ranges[i + 1];
    const last = lastRelease === null ? catalogue.releases.length - 1 : index.get(lastRelease ?? '');
    if (first === undefined || last === undefined) continue;
    for (let j = first; j <= last; j++) out.add(j);
  }
  return out;
}

function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** The name n8n shows for a node type ("n8n-nodes-base.slack" → "Slack"); readable words when unknown. */
export function nodeDisplayName(type: string): string {
  const known = catalogueData().catalogue.nodes[type];
  if (known) return known.name;
  const pkg = n8nPackageOf(type);
  return words(pkg ? type.slice(pkg.length + 1) : type) || type;
}

/**
 * The name n8n shows for a credential type ("notionApi" → "Notion API"). Unknown types read as
 * words without the `Api` ending, an OAuth2 one keeping "OAuth2" ("acmeCrmOAuth2Api" → "Acme Crm OAuth2").
 */
export function credentialDisplayName(type: string): string {
  const known = catalogueData().catalogue.credentials[type];
  if (known) return known;
  const oauth = /O[Aa]uth2?Api$/.exec(type);
  const base = oauth ? type.slice(0, oauth.index) : type.replace(/Api$/, '');
  const name = words(base);
  if (!name) return type;
  return oauth ? `${name} ${oauth[0].replace(/Api$/, '').replace(/^Oauth/, 'OAuth')}` : name;
}

/** n8n's reading of a node's typeVersion: a finite number, 1 when there is none; null when unreadable. */
function typeVersionOf(version: number | string | null | undefined): number | null {
  if (version === undefined || version === null || version === '') return 1;
  const value = typeof version === 'number' ? version : Number(version);
  return Number.isFinite(value) ? value : null;
}

/** The typeVersion the newest release offers for a new node: its default, else its highest one. */
function newestVersion(node: CatalogueNode, newest: number): number | null {
  if (node.d !== undefined) return node.d;
  let best: number | null = null;
  for (const [version, ranges] of Object.entries(node.v)) {
    if (indicesOf(ranges).has(newest) && (best === null || Number(version) > best)) best = Number(version);
  }
  return best;
}

/**
 * The n8n releases a workflow runs on: `min`, the first catalogued release listing every built-in
 * node type and typeVersion it uses (and excluding none of them by default); `max`, the last one that
 * does when a later release removed or disabled one of them (null: it runs on the newest).
 * `limits` names the nodes setting either bound, and deprecated nodes and unknown typeVersions.
 * Community nodes are named by package; types of n8n's own packages the catalogue does not know, and
 * types of no package at all, are `unknown_types` (the built-in ones leave `min` null).
 */
export function n8nCompatibility(requirements: N8nRequirements): N8nCompatibilityResult {
  const { catalogue, index } = catalogueData();
  const releases = catalogue.releases.map((release) => release.n8n);
  const newest = releases.length - 1;
  const community = new Set(requirements.communityPackages);
  const limits: N8nCompatibilityResult['limits'] = [];
  const unknownTypes = new Set<string>();
  const upgrades: N8nCompatibilityResult['upgrades'] = [];
  const used: {
    type: string;
    node: CatalogueNode;
    version: number;
    shown: number | string;
    /** Releases that list the type at this typeVersion. */
    present: Set<number>;
    /** Releases that exclude the type by default. */
    disabled: Set<number>;
  }[] = [];
  let anyUnknownBuiltIn = false;

  for (const entry of requirements.nodeTypeVersions) {
    const pkg = n8nPackageOf(entry.type);
    const node = catalogue.nodes[entry.type];
    if (!node) {
      if (pkg !== undefined && community.has(pkg)) continue;
      unknownTypes.add(entry.type);
      if (pkg !== undefined && BUILT_IN_PACKAGES.has(pkg)) anyUnknownBuiltIn = true;
      continue;
    }
    const version = typeVersionOf(entry.version);
    const shown = version ?? entry.version ?? 1;
    const present = version === null ? new Set<number>() : indicesOf(node.v[String(version)]);
    if (present.size === 0) {
      anyUnknownBuiltIn = true;
      limits.push({
        type: entry.type,
        display_name: node.name,
        version: shown,
        reason: 'unknown',
        release: null,
      });
      continue;
    }
    used.push({
      type: entry.type,
      node,
      version: version!,
      shown,
      present,
      disabled: indicesOf(node.disabled),
    });
  }

  // The releases on which every used pair is listed, and those of them on which none is excluded.
  const listed: number[] = [];
  const runs: number[] = [];
  if (!anyUnknownBuiltIn) {
    for (let i = 0; i < releases.length; i++) {
      if (!used.every((pair) => pair.present.has(i))) continue;
      listed.push(i);
      if (!used.some((pair) => pair.disabled.has(i))) runs.push(i);
    }
  }
  let min: number | null = null;
  let max: number | null = null;
  if (runs.length > 0) {
    min = runs[0]!;
    max = runs.at(-1) === newest ? null : runs.at(-1)!;
  } else if (listed.length > 0) {
    // Listed but excluded by default everywhere it is listed: no release runs it as installed.
    min = listed[0]!;
    max = min - 1 >= 0 ? min - 1 : null;
  }

  const seen = new Set<string>();
  const limit = (pair: (typeof used)[number], reason: N8nCompatReason, release: string | null) => {
    const key = `${pair.type}\u0000${pair.version}\u0000${reason}`;
    if (seen.has(key)) return;
    seen.add(key);
    limits.push({ type: pair.type, display_name: pair.node.name, version: pair.shown, reason, release });
  };
  if (min !== null && min > 0) {
    // The pairs that the release before `min` lacks: they set the lower bound.
    for (const pair of used) {
      if (!pair.present.has(min - 1)) limit(pair, 'introduced', releases[min]!);
    }
  }
  if (max !== null && max + 1 <= newest) {
    const next = max + 1;
    for (const pair of used) {
      if (!pair.present.has(next)) limit(pair, 'removed', releases[next]!);
      else if (pair.disabled.has(next)) limit(pair, 'disabled', releases[next]!);
    }
  } else if (min === null) {
    // No bounds (an unknown node or typeVersion): still say which nodes the newest release lacks or
    // excludes, from the release that first did.
    for (const pair of used) {
      if (!pair.present.has(newest)) {
        const after = [...pair.present].reduce((a, b) => Math.max(a, b)) + 1;
        limit(pair, 'removed', releases[after] ?? null);
      } else if (pair.disabled.has(newest)) {
        let from = newest;
        while (from > 0 && pair.disabled.has(from - 1)) from--;
        limit(pair, 'disabled', releases[from]!);
      }
    }
  }
  for (const pair of used) {
    if (pair.node.deprecated && index.has(pair.node.deprecated))
      limit(pair, 'deprecated', pair.node.deprecated);
    const latest = newestVersion(pair.node, newest);
    if (latest !== null && pair.version < latest) {
      upgrades.push({ type: pair.type, display_name: pair.node.name, used: pair.shown, latest });
    }
  }

  return {
    catalogue: releases[newest] ?? '',
    min: min === null ? null : releases[min]!,
    max: max === null ? null : releases[max]!,
    limits,
    community_packages: [...community].sort(),
    unknown_types: [...unknownTypes].sort(),
    upgrades,
  };
}
