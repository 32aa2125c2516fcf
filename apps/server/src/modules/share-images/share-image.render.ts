import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { iconSvg } from '@flowbay/workflow-formats/icons';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Shipped with the server (licence beside them): Vietnamese letters render whatever fonts the host has. */
const FONT_BOLD = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));
const FONT_REGULAR = fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url));

/** What a share image shows: public facts only, never anything of the file itself. */
export interface ShareCard {
  title: string;
  price: string;
  platform: string | null;
  apps: Array<{ key: string; name: string }>;
  author: string | null;
}

const MARGIN = 80;
const TITLE_MAX = 90;
const ICON_BOX = 76;
const ICONS_SHOWN = 8;

function escapeMarkup(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A line of text drawn by Pango with the shipped font, as a transparent PNG. */
async function textLayer(
  text: string,
  options: { size: number; bold?: boolean; color: string; width: number },
) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.color}">${escapeMarkup(text)}</span>`,
      font: `DejaVu Sans ${options.bold ? 'Bold ' : ''}${options.size}`,
      fontfile: options.bold ? FONT_BOLD : FONT_REGULAR,
      width: options.width,
      wrap: 'word',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** An app's icon (the same SVG /api/icons serves) placed into the picture at x, y. */
function placedIcon(key: string, x: number, y: number, size: number): string {
  return iconSvg(key)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(
      /^<svg\b([^>]*?)\swidth="[^"]*"\sheight="[^"]*"/,
      `<svg$1 x="${x}" y="${y}" width="${size}" height="${size}"`,
    );
}

function backdrop(card: ShareCard, iconsTop: number): string {
  const apps = card.apps.slice(0, ICONS_SHOWN);
  const icons = apps
    .map((app, index) => {
      const x = MARGIN + index * (ICON_BOX + 16);
      return `<rect x="${x}" y="${iconsTop}" width="${ICON_BOX}" height="${ICON_BOX}" rx="18" fill="#ffffff"/>${placedIcon(app.key, x + 18, iconsTop + 18, ICON_BOX - 36)}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#6d28d9"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="${MARGIN}" y="60" width="44" height="44" rx="11" fill="#ffffff"/>
  <path d="M${MARGIN + 12} 74h12M${MARGIN + 12} 82h20M${MARGIN + 12} 90h8" stroke="#4f46e5" stroke-width="4" stroke-linecap="round"/>
  ${icons}
</svg>`;
}

/** The 1200×630 picture link previews show: title, price, platform, app icons and author. */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const textWidth = SHARE_IMAGE_WIDTH - 2 * MARGIN;
  const [brand, platform, title, price, author] = await Promise.all([
    textLayer('Flowbay', { size: 30, bold: true, color: '#ffffff', width: 400 }),
    card.platform ? textLayer(card.platform, { size: 26, color: '#c7d2fe', width: 400 }) : null,
    textLayer(clip(card.title, TITLE_MAX), { size: 54, bold: true, color: '#ffffff', width: textWidth }),
    textLayer(card.price, { size: 36, bold: true, color: '#1e1b4b', width: 600 }),
    card.author ? textLayer(clip(card.author, 40), { size: 28, color: '#e0e7ff', width: 640 }) : null,
  ]);
  const titleTop = 150;
  const iconsTop = Math.min(titleTop + title.height + 40, 420);
  const footerTop = SHARE_IMAGE_HEIGHT - 60 - 64;
  const pill = {
    width: price.width + 48,
    left: SHARE_IMAGE_WIDTH - MARGIN - (price.width + 48),
  };
  const pillSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pill.width}" height="64"><rect width="100%" height="100%" rx="32" fill="#fde68a"/></svg>`,
  );
  const layers: OverlayOptions[] = [
    { input: brand.data, left: MARGIN + 60, top: 82 - Math.round(brand.height / 2) },
    ...(platform
      ? [
          {
            input: platform.data,
            left: SHARE_IMAGE_WIDTH - MARGIN - platform.width,
            top: 82 - Math.round(platform.height / 2),
          },
        ]
      : []),
    { input: title.data, left: MARGIN, top: titleTop },
    { input: pillSvg, left: pill.left, top: footerTop },
    { input: price.data, left: pill.left + 24, top: footerTop + 32 - Math.round(price.height / 2) },
    ...(author
      ? [{ input: author.data, left: MARGIN, top: footerTop + 32 - Math.round(author.height / 2) }]
      : []),
  ];
  return sharp(Buffer.from(backdrop(card, iconsTop)))
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
