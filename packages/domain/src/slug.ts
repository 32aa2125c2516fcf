import { paths } from './routes.ts';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRAILING_UUID_RE = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SLUG_MAX = 80;

/** Lowercase, drops Vietnamese (and other) accents, đ → d, joins words with hyphens. */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

export function slugify(title: string): string {
  const slug = stripAccents(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'workflow';
}

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

export function workflowPath(workflow: { slug: string; id: string }): string {
  return paths.workflow(workflow.slug, workflow.id);
}

/** Splits `/workflows/{slug}-{id}`'s last segment into its parts; a bare slug has no id. */
export function parseWorkflowRef(ref: string): { id?: string; slug?: string } {
  if (isUuid(ref)) return { id: ref.toLowerCase() };
  const match = TRAILING_UUID_RE.exec(ref);
  if (match?.[1]) {
    const slug = ref.slice(0, ref.length - match[1].length).replace(/-+$/, '');
    return { id: match[1].toLowerCase(), slug: slug || undefined };
  }
  return { slug: ref };
}

/** A safe, accent-free download file name: `title.json` or `title-v1.1.json`. */
export function downloadFileName(title: string, version?: string): string {
  const base = slugify(title);
  if (!version) return `${base}.json`;
  const safeVersion = stripAccents(version).replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${base}-v${safeVersion}.json`;
}
