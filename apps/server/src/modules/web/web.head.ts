import { truncateDescription } from '@flowbay/domain/text';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical address, e.g. `/workflows/slug-id`. */
  path: string;
  image?: string | null;
  /** An image the page shows above the fold (a paid workflow's cover): fetched before any script runs. */
  preloadImage?: string | null;
  type?: 'website' | 'article' | 'profile';
  noindex?: boolean;
  jsonLd?: object;
}

const SITE = 'Flowbay';
export const HEAD_START = '<!--app-head-->';
export const HEAD_END = '<!--/app-head-->';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** JSON inside <script>: `<` escaped so no text can close the tag. */
function scriptJson(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderHead(head: PageHead, publicUrl: string): string {
  const title = head.title.includes(SITE) ? head.title : `${head.title} | ${SITE}`;
  const description = truncateDescription(head.description);
  const url = `${publicUrl}${head.path}`;
  const image = head.image
    ? head.image.startsWith('http')
      ? head.image
      : `${publicUrl}${head.image}`
    : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    '<meta property="og:locale" content="en_US" />',
    '<meta property="og:locale:alternate" content="vi_VN" />',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Puts the page's head between the markers of the built index.html. */
export function injectHead(template: string, head: string): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start < 0 || end < start) return template.replace('</head>', `  ${head}\n  </head>`);
  return `${template.slice(0, start)}${head}${template.slice(end + HEAD_END.length)}`;
}

/** English texts of the public pages' heads (the web app's en.json words them the same way). */
export const STATIC_HEADS: Record<string, Omit<PageHead, 'path'>> = {
  '/': {
    title: 'Flowbay — n8n, Make and Zapier workflow templates',
    description:
      'Discover, preview and download ready-made automation workflows for n8n, Make and Zapier, or share and sell your own.',
  },
  '/workflows': {
    title: 'Browse workflows',
    description: 'Search and filter n8n, Make and Zapier workflow templates by platform, use case and price.',
  },
  '/guide': {
    title: 'How Flowbay works',
    description: 'Everything you need to find, run and share automation workflows, in four steps.',
  },
  '/contact': {
    title: 'Contact us',
    description:
      'Questions about a workflow, your account or selling on Flowbay? Write to us and we will answer by e-mail.',
  },
  '/faq': {
    title: 'Frequently asked questions',
    description: 'Short answers about creating, downloading, selling and reviewing workflows on Flowbay.',
  },
  '/terms': {
    title: 'Terms of service',
    description:
      'The terms that govern the use of Flowbay, the marketplace for automation workflow templates.',
  },
  '/privacy': {
    title: 'Privacy policy',
    description: 'What personal data Flowbay collects, why, and the choices you have.',
  },
};

export const NOT_FOUND_HEAD: Omit<PageHead, 'path'> = {
  title: 'Oops! Page not found',
  description: 'The page you are looking for does not exist or has moved.',
  noindex: true,
};
