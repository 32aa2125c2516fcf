import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, isPublicKey, type Storage } from './storage.ts';

export interface S3StorageOptions {
  /** Omit for AWS S3; set for R2 (`https://<account>.r2.cloudflarestorage.com`), MinIO, or a test server. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Public base address of the bucket's `covers/` objects (an R2 custom domain, a CDN). Without it
   * covers are served by the app at `/files/{key}`, which reads them through this driver.
   */
  publicUrl?: string;
}

/**
 * Any S3-compatible object store. Path-style addressing works with AWS, R2 and MinIO alike,
 * and needs no DNS for the bucket name.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // R2 and older MinIO releases reject the SDK's default CRC32 trailers on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const Bucket = options.bucket;

  return {
    driver: 's3',
    // A PutObject is stored whole or not at all: an interrupted upload leaves nothing behind.
    sweepIncompleteWrites: async () => 0,
    async put(key, body, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Keys are random and never rewritten, so public objects may be cached forever.
          CacheControl: isPublicKey(key) ? 'public, max-age=31536000, immutable' : 'private, no-store',
          // Served from S3_PUBLIC_URL as is: opened directly, an uploaded file is a download, never a page.
          ContentDisposition: 'attachment',
        }),
      );
    },
    async get(key) {
      assertValidKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!response.Body) return null;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl(key) {
      assertValidKey(key);
      return publicBase ? `${publicBase}/${key}` : `/files/${key}`;
    },
  };
}
