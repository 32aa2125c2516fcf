import sharp, { type Sharp } from 'sharp';
import { MAX_UPLOAD_BYTES } from '@flowbay/domain';
import { AppError } from './errors.ts';

/** Big enough for any real cover photo, small enough that a decompression bomb is refused early. */
const MAX_COVER_PIXELS = 40_000_000;

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes; the client's MIME type is never trusted. */
export function sniffImage(buffer: Buffer): ImageType | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    buffer.length >= 12 &&
    buffer.toString('latin1', 0, 4) === 'RIFF' &&
    buffer.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * The one image pipeline (covers, avatars): size limit, type from the bytes, a decoder that agrees with
 * them, pixel limit; `render` re-encodes, which also drops EXIF data such as a phone photo's GPS position.
 */
export async function processImage<T>(
  buffer: Buffer,
  render: (input: () => Sharp, type: ImageType) => Promise<T>,
): Promise<T> {
  if (buffer.length === 0) throw new AppError('EMPTY_FILE', 'The file is empty', 'file');
  if (buffer.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', 'File too large', 'file');
  const type = sniffImage(buffer);
  if (!type) throw new AppError('INVALID_IMAGE', 'Not a JPEG, PNG or WebP image', 'file');
  try {
    const metadata = await sharp(buffer, { limitInputPixels: MAX_COVER_PIXELS }).metadata();
    if (metadata.format !== type)
      throw new Error(`format ${metadata.format} does not match the bytes (${type})`);
    return await render(
      () => sharp(buffer, { limitInputPixels: MAX_COVER_PIXELS, failOn: 'error' }).rotate(),
      type,
    );
  } catch {
    throw new AppError('INVALID_IMAGE', 'The image could not be read', 'file');
  }
}
