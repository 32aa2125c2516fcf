/** The user's own n8n, remembered in this browser (local storage) for "Open in n8n". */
const STORAGE_KEY = 'flowbay.n8nAddress';

/** An n8n editor address: http(s) only, no credentials, kept without a trailing slash. */
export function normalizeN8nAddress(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadN8nAddress(): string | null {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return saved ? normalizeN8nAddress(saved) : null;
  } catch {
    return null;
  }
}

export function saveN8nAddress(address: string | null): void {
  try {
    if (address) window.localStorage.setItem(STORAGE_KEY, address);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private mode): the address then lasts for this page only.
  }
}

/** Where n8n opens a template straight on its canvas. */
export function n8nTemplateUrl(address: string, number: number): string {
  return `${address}/workflows/templates/${number}`;
}

/** The one setting an n8n needs to take its templates from this Flowbay. */
export function templatesHostSetting(origin: string, key?: string): string {
  return `N8N_TEMPLATES_HOST=${origin}/n8n${key ? `/k/${key}` : ''}`;
}
