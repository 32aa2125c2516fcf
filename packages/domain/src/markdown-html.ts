import { Marked, type Tokens } from 'marked';

/**
 * A listing's description (markdown) as safe HTML, the same on the server and in the browser.
 * Every token goes through the renderer below, so the output holds only the tags listed there:
 * headings, paragraphs, emphasis, lists, quotes, code, tables and links. Raw HTML is shown as
 * text, images as their alt text (the listing's screenshots are the pictures), and a link keeps
 * only an http(s), mailto or in-page address and opens with rel="nofollow ugc noopener".
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Entities marked already decoded are decoded once more, so `&#106;avascript:` is seen as what it is. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) || 0xfffd))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) || 0xfffd))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');
}

/** The address a link may keep, or null: http(s), mailto, or a path / anchor on this site. */
export function safeLinkHref(href: string): string | null {
  const trimmed = href.trim();
  // Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
  const plain = [...decodeEntities(trimmed)]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  if (/^(https?:|mailto:)/.test(plain)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/.test(plain)) return null;
  if (plain.startsWith('//')) return null;
  return trimmed;
}

const LINK_REL = 'nofollow ugc noopener';

const renderer = {
  html(token: Tokens.HTML | Tokens.Tag) {
    return escapeHtml(token.text);
  },
  link(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Link) {
    const text = this.parser.parseInline(token.tokens);
    const href = safeLinkHref(token.href);
    if (href === null) return text;
    const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
    const external = /^(https?:)?\/\//i.test(href);
    const target = external ? ' target="_blank"' : '';
    return `<a href="${escapeHtml(href)}"${title} rel="${LINK_REL}"${target}>${text}</a>`;
  },
  image(token: Tokens.Image) {
    return escapeHtml(token.text);
  },
  heading(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
    // The page's own title is the h1: an author's headings start at h2.
    const level = Math.min(6, Math.max(2, token.depth + 1));
    return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
  },
  code(token: Tokens.Code) {
    const language = /^[A-Za-z0-9_+-]{1,32}$/.test(token.lang ?? '') ? token.lang : '';
    const attribute = language ? ` class="language-${language}"` : '';
    return `<pre><code${attribute}>${escapeHtml(token.text)}</code></pre>\n`;
  },
  checkbox(token: Tokens.Checkbox) {
    return token.checked ? '☑ ' : '☐ ';
  },
};

const markdown = new Marked({ gfm: true, breaks: false, async: false, renderer: renderer as never });

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false }) as string;
}
