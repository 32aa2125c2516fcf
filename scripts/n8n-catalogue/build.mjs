// `npm run n8n:catalogue`: builds packages/workflow-formats/data/n8n-catalogue.json, the node
// catalogue the n8n compatibility of a workflow is computed from (decision 0164).
//
// For a range of n8n releases (the first and the last one of every minor from 1.0.0 to the newest
// line that scripts/check-n8n installs, among those whose node packages the registry has) it reads
// the `n8n` packument for the versions of `n8n-nodes-base`, `@n8n/n8n-nodes-langchain` and
// `@n8n/config` each release depends on, streams those tarballs (cached in
// ~/.cache/flowbay-n8n-catalogue, never in the repository) through gunzip and a small tar reader,
// and keeps only facts: node type names, their typeVersions, display names, the default typeVersion
// where it is not the highest, whether n8n hides a node (its deprecation mark), credential type
// names with their display names, and the node types a release excludes by default (NODES_EXCLUDE).
//
// Options: --offline (use only the cache), --releases=1.0.0,2.41.1 (build from these only),
// --out=<file>. N8N_CATALOGUE_CACHE overrides the cache folder.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { N8N_VERSIONS } from '../check-n8n/install.mjs';

const REGISTRY = 'https://registry.npmjs.org';
const PACKAGES = {
  base: 'n8n-nodes-base',
  langchain: '@n8n/n8n-nodes-langchain',
  config: '@n8n/config',
};
const NODES_FILE = 'package/dist/types/nodes.json';
const CREDENTIALS_FILE = 'package/dist/types/credentials.json';
const NODES_CONFIG_FILE = 'package/dist/configs/nodes.config.js';
/** Where n8n kept its settings before @n8n/config held the nodes ones. */
const N8N_SCHEMA_FILE = 'package/dist/config/schema.js';
/** Bumped when the facts kept per package change shape, so cached facts are read again. */
const FACTS_FORMAT = 4;

const root = join(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const offline = args.includes('--offline');
const outFile = option('out') ?? join(root, 'packages/workflow-formats/data/n8n-catalogue.json');
const versionFile = join(root, 'packages/workflow-formats/src/n8n-compat-version.ts');
const cache = process.env.N8N_CATALOGUE_CACHE ?? join(homedir(), '.cache', 'flowbay-n8n-catalogue');

const log = (line) => process.stderr.write(`${line}\n`);

export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const isStable = (version) => /^\d+\.\d+\.\d+$/.test(version);
const minorOf = (version) => version.split('.').slice(0, 2).join('.');

async function fetchOk(url, accept) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await globalThis.fetch(url, accept ? { headers: { accept } } : {});
      if (response.ok) return response;
      if (response.status === 404) return null;
      throw new Error(`${url}: HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`retrying ${url} (${error.message})`);
      await sleep(1000 * attempt);
    }
  }
}

/** The abbreviated packument (versions, dependencies, tarball addresses), cached. */
async function packument(name) {
  const file = join(cache, 'packuments', `${name.replace('/', '+')}.json`);
  if (!offline) {
    const response = await fetchOk(
      `${REGISTRY}/${name.replace('/', '%2F')}`,
      'application/vnd.npm.install-v1+json',
    );
    if (!response) throw new Error(`${name} is not in the registry`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  }
  if (!existsSync(file)) throw new Error(`${name}: no cached packument (run without --offline)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The tarball of name@version in the cache, downloaded and checked against its integrity. */
async function tarball(meta, name, version) {
  const file = join(cache, 'tarballs', `${name.replace('/', '+')}-${version}.tgz`);
  if (existsSync(file)) return file;
  if (offline) throw new Error(`${name}@${version}: not cached (run without --offline)`);
  const dist = meta.versions[version]?.dist;
  if (!dist) throw new Error(`${name}@${version} is not in the registry`);
  const response = await fetchOk(dist.tarball);
  if (!response) throw new Error(`${name}@${version}: tarball missing (${dist.tarball})`);
  const body = Buffer.from(await response.arrayBuffer());
  if (dist.integrity?.startsWith('sha512-')) {
    const digest = createHash('sha512').update(body).digest('base64');
    if (digest !== dist.integrity.slice('sha512-'.length))
      throw new Error(`${name}@${version}: integrity mismatch`);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, body);
  renameSync(`${file}.part`, file);
  log(`downloaded ${name}@${version} (${(body.length / 1e6).toFixed(1)} MB)`);
  return file;
}

/**
 * Reads the `wanted` entries of a .tgz as text, streaming: gunzip, then tar headers of 512 bytes
 * (ustar prefix, pax `path` records and GNU long names), skipping every other entry's body. Stops
 * once all wanted entries are read.
 */
export async function readFromTgz(file, wanted) {
  const found = new Map();
  const stream = createReadStream(file).pipe(createGunzip());
  let buffer = Buffer.alloc(0);
  let entry = null; // { name, size, padded, taken, parts, collect, kind }
  let nextName = null;
  const text = (slice) => slice.toString('utf8').replace(/\0.*$/s, '');
  for await (const chunk of stream) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!entry) {
        if (buffer.length < 512) break;
        const header = buffer.subarray(0, 512);
        buffer = buffer.subarray(512);
        if (header.every((byte) => byte === 0)) continue;
        const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
        const kind = String.fromCharCode(header[156] || 48);
        const prefix = text(header.subarray(345, 500));
        const plain = text(header.subarray(0, 100));
        const name = nextName ?? (prefix ? `${prefix}/${plain}` : plain);
        if (kind !== 'x' && kind !== 'L') nextName = null;
        const collect =
          kind === 'x' || kind === 'L' || ((kind === '0' || kind === '\0') && wanted.includes(name));
        entry = { name, size, padded: Math.ceil(size / 512) * 512, taken: 0, parts: [], collect, kind };
      }
      const take = Math.min(buffer.length, entry.padded - entry.taken);
      if (take === 0 && entry.padded > 0) break;
      if (entry.collect) {
        const keep = Math.max(0, Math.min(take, entry.size - entry.taken));
        if (keep > 0) entry.parts.push(buffer.subarray(0, keep));
      }
      buffer = buffer.subarray(take);
      entry.taken += take;
      if (entry.taken < entry.padded) break;
      if (entry.collect) {
        const body = Buffer.concat(entry.parts);
        if (entry.kind === 'L') nextName = text(body);
        else if (entry.kind === 'x') {
          const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
          if (path) nextName = path[1];
        } else found.set(entry.name, body.toString('utf8'));
      }
      entry = null;
      if (wanted.every((name) => found.has(name))) {
        stream.destroy();
        return found;
      }
    }
  }
  return found;
}

/** The facts of one node package version: node types with their versions, and credentials. */
function nodeFacts(packageName, nodesJson, credentialsJson) {
  const nodes = {};
  for (const description of JSON.parse(nodesJson)) {
    if (typeof description.name !== 'string') continue;
    // Older packages list `n8n-nodes-base.slack`, newer ones `slack`: workflows use the full type.
    const type = description.name.startsWith(`${packageName}.`)
      ? description.name
      : `${packageName}.${description.name}`;
    const versions = [description.version].flat().filter((v) => typeof v === 'number');
    if (versions.length === 0) versions.push(1);
    const node = (nodes[type] ??= { displayName: description.displayName, versions: [], hidden: [] });
    const newest = Math.max(...versions);
    // The display name of the newest version is the one n8n shows for the type.
    if (!node.newest || newest >= node.newest) {
      node.newest = newest;
      node.displayName = description.displayName;
    }
    // The typeVersion n8n gives a node added in the editor, when it is not the highest one.
    if (typeof description.defaultVersion === 'number') node.defaultVersion = description.defaultVersion;
    for (const version of versions) {
      if (!node.versions.includes(version)) node.versions.push(version);
      if (description.hidden === true && !node.hidden.includes(version)) node.hidden.push(version);
    }
  }
  for (const node of Object.values(nodes)) {
    node.versions.sort((a, b) => a - b);
    node.hidden.sort((a, b) => a - b);
    delete node.newest;
  }
  const credentials = {};
  for (const credential of JSON.parse(credentialsJson ?? '[]')) {
    if (typeof credential.name === 'string') credentials[credential.name] = credential.displayName;
  }
  return { nodes, credentials };
}

/** The default `NODES_EXCLUDE` list of an @n8n/config version: the string literals of `this.exclude = [...]`. */
function excludedByDefault(configJs) {
  const match = /this\.exclude\s*=\s*\[([^\]]*)\]/.exec(configJs ?? '');
  if (!match) return null;
  return [...match[1].matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
}

/** The same from n8n's own config schema (`nodes.exclude`'s `default`, undefined meaning none). */
function excludedBySchema(schemaJs) {
  const match = /exclude:\s*\{[^}]*?default:\s*(undefined|'\[\]'|"\[\]"|\[([^\]]*)\])/.exec(schemaJs ?? '');
  if (!match) return null;
  return [...(match[2] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
}

/** The facts of name@version, from the cache of facts or read from its tarball. */
async function facts(meta, name, version) {
  const file = join(cache, 'facts', `${name.replace('/', '+')}-${version}.json`);
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8'));
    if (cached.format === FACTS_FORMAT) return cached;
  }
  const tgz = await tarball(meta, name, version);
  let result;
  if (name === PACKAGES.config) {
    const files = await readFromTgz(tgz, [NODES_CONFIG_FILE]);
    result = { exclude: excludedByDefault(files.get(NODES_CONFIG_FILE)) };
  } else if (name === 'n8n') {
    const files = await readFromTgz(tgz, [N8N_SCHEMA_FILE]);
    result = { exclude: excludedBySchema(files.get(N8N_SCHEMA_FILE)) };
  } else {
    const files = await readFromTgz(tgz, [NODES_FILE, CREDENTIALS_FILE]);
    if (!files.has(NODES_FILE)) throw new Error(`${name}@${version}: no ${NODES_FILE}`);
    result = nodeFacts(name, files.get(NODES_FILE), files.get(CREDENTIALS_FILE));
  }
  result.format = FACTS_FORMAT;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(result));
  return result;
}

/**
 * The releases to catalogue: for every minor from 1.0 to the newest checked line, its first and its
 * last stable release whose node packages the registry has (both of them, when the release depends
 * on the LangChain one), plus the pinned releases (1.0.0 and each line scripts/check-n8n installs).
 * The first one dates when a node arrived, the last one how long a minor kept a node later removed.
 */
export function chooseReleases(n8n, available, pinned, newest) {
  const deps = (version) => n8n.versions[version]?.dependencies ?? {};
  const usable = (version) => {
    const d = deps(version);
    if (!available.base.has(d[PACKAGES.base])) return false;
    if (d[PACKAGES.langchain] && !available.langchain.has(d[PACKAGES.langchain])) return false;
    return true;
  };
  const stable = Object.keys(n8n.versions)
    .filter((v) => isStable(v) && compareVersions(v, '1.0.0') >= 0 && compareVersions(v, newest) <= 0)
    .sort(compareVersions);
  const chosen = new Set();
  const skipped = [];
  for (const minor of [...new Set(stable.map(minorOf))]) {
    const first = stable.find((v) => minorOf(v) === minor && usable(v));
    const last = stable.findLast((v) => minorOf(v) === minor && usable(v));
    if (first) chosen.add(first).add(last);
    else skipped.push(minor);
  }
  for (const version of pinned) {
    if (!usable(version)) throw new Error(`n8n ${version}: its node packages are not in the registry`);
    chosen.add(version);
  }
  return { releases: [...chosen].sort(compareVersions), skipped };
}

/** The module holding the catalogue's stamp (kept out of the JSON so that bundles can drop the data). */
function versionModule(version) {
  return [
    '// Written by `npm run n8n:catalogue` with data/n8n-catalogue.json: do not edit.',
    '',
    '/**',
    ' * A stamp of the n8n node catalogue (newest release + a hash of its content): results stored with',
    ' * another stamp are recomputed.',
    ' */',
    `export const N8N_CATALOGUE_VERSION = '${version}';`,
    '',
  ].join('\n');
}

/** Flat [first, last, first, last, ...] ranges of the releases in `present` (last null: still there). */
function ranges(releases, present) {
  const out = [];
  let start = null;
  releases.forEach((release, index) => {
    if (present(release) && start === null) start = release;
    if (!present(release) && start !== null) {
      out.push(start, releases[index - 1]);
      start = null;
    }
  });
  if (start !== null) out.push(start, null);
  return out;
}

async function main() {
  mkdirSync(cache, { recursive: true });
  const newest = [...N8N_VERSIONS].sort(compareVersions).at(-1);
  const wantedReleases = option('releases')?.split(',');
  const [n8n, base, langchain, config] = await Promise.all([
    packument('n8n'),
    packument(PACKAGES.base),
    packument(PACKAGES.langchain),
    packument(PACKAGES.config),
  ]);
  const available = {
    base: new Set(Object.keys(base.versions)),
    langchain: new Set(Object.keys(langchain.versions)),
  };
  const pinned = ['1.0.0', ...N8N_VERSIONS];
  const { releases, skipped } = wantedReleases
    ? { releases: [...wantedReleases].sort(compareVersions), skipped: [] }
    : chooseReleases(n8n, available, pinned, newest);
  log(`${releases.length} releases: ${releases.join(' ')}`);
  if (skipped.length) log(`minors without their node packages in the registry: ${skipped.join(' ')}`);

  /** Per release: node facts (both packages merged), credentials, default exclusions. */
  const perRelease = [];
  let lastExclude = [];
  const excludeNotes = [];
  for (const release of releases) {
    const deps = n8n.versions[release]?.dependencies ?? {};
    const baseFacts = await facts(base, PACKAGES.base, deps[PACKAGES.base]);
    const chainFacts = deps[PACKAGES.langchain]
      ? await facts(langchain, PACKAGES.langchain, deps[PACKAGES.langchain])
      : { nodes: {}, credentials: {} };
    // The default NODES_EXCLUDE: from @n8n/config once it holds the nodes settings, else from
    // n8n's own config schema; when a config version is missing here, the previous release's.
    let exclude = null;
    const configVersion = deps[PACKAGES.config];
    if (configVersion && config.versions[configVersion]) {
      exclude = (await facts(config, PACKAGES.config, configVersion)).exclude;
    } else if (configVersion) {
      exclude = lastExclude;
      excludeNotes.push(`${release} (@n8n/config@${configVersion} missing: previous release's list kept)`);
    }
    if (exclude === null) exclude = (await facts(n8n, 'n8n', release)).exclude;
    if (exclude === null) throw new Error(`n8n ${release}: no default NODES_EXCLUDE found`);
    lastExclude = exclude;
    perRelease.push({
      release,
      packages: { base: deps[PACKAGES.base], langchain: deps[PACKAGES.langchain] ?? null },
      nodes: { ...baseFacts.nodes, ...chainFacts.nodes },
      credentials: { ...baseFacts.credentials, ...chainFacts.credentials },
      exclude,
    });
    log(
      `n8n ${release}: ${Object.keys(baseFacts.nodes).length} + ${Object.keys(chainFacts.nodes).length} node types, exclude [${exclude.join(', ')}]`,
    );
  }
  if (excludeNotes.length) log(`default exclusions carried over: ${excludeNotes.join('; ')}`);

  const types = [...new Set(perRelease.flatMap((r) => Object.keys(r.nodes)))].sort();
  const nodes = {};
  for (const type of types) {
    const newestWith = perRelease.findLast((r) => r.nodes[type]);
    const versions = [...new Set(perRelease.flatMap((r) => r.nodes[type]?.versions ?? []))].sort(
      (a, b) => a - b,
    );
    const entry = { name: newestWith.nodes[type].displayName, v: {} };
    for (const version of versions) {
      entry.v[String(version)] = ranges(releases, (release) =>
        Boolean(perRelease.find((r) => r.release === release).nodes[type]?.versions.includes(version)),
      );
    }
    // Deprecated: from this release on to the newest one that has the type, n8n hides every version
    // of it from the nodes panel (it still runs existing workflows), after offering it earlier. A
    // type hidden from its first appearance is internal or behind a module, not deprecated; one
    // already hidden in the first catalogued release (1.0.0) was superseded before it.
    const hiddenAll = (r) => r.nodes[type].versions.every((v) => r.nodes[type].hidden.includes(v));
    const withType = perRelease.filter((r) => r.nodes[type]);
    let run = withType.length;
    while (run > 0 && hiddenAll(withType[run - 1])) run--;
    if (run < withType.length && (run > 0 || withType[0] === perRelease[0])) {
      entry.deprecated = withType[run].release;
    }
    // The typeVersion the newest release gives a new node, when lower than its highest one.
    const last = perRelease.at(-1).nodes[type];
    if (last && typeof last.defaultVersion === 'number' && last.defaultVersion < Math.max(...last.versions)) {
      entry.d = last.defaultVersion;
    }
    const disabledRanges = ranges(releases, (release) =>
      perRelease.find((r) => r.release === release).exclude.includes(type),
    );
    if (disabledRanges.length) entry.disabled = disabledRanges;
    nodes[type] = entry;
  }
  const credentials = {};
  for (const r of perRelease) Object.assign(credentials, r.credentials);
  const sortedCredentials = Object.fromEntries(
    Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b)),
  );

  const body = {
    releases: perRelease.map((r) => ({
      n8n: r.release,
      base: r.packages.base,
      langchain: r.packages.langchain,
    })),
    nodes,
    credentials: sortedCredentials,
  };
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  const catalogue = {
    note: 'Facts read from the npm packages n8n, n8n-nodes-base, @n8n/n8n-nodes-langchain and @n8n/config (node type names, typeVersions, display names, credential names, default NODES_EXCLUDE). Ranges are [first, last, ...] catalogued releases; last null: still in the newest. Rebuild with `npm run n8n:catalogue` (decision 0164).',
    version: `${releases.at(-1)}+${hash}`,
    ...body,
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(catalogue)}\n`);
  if (!option('out')) writeFileSync(versionFile, versionModule(catalogue.version));
  const size = readFileSync(outFile).length;
  log(
    `wrote ${outFile}: ${types.length} node types, ${Object.keys(credentials).length} credentials, ${(size / 1024).toFixed(0)} KiB, version ${catalogue.version}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    log(error.stack ?? String(error));
    process.exit(1);
  });
}
