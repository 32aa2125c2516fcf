import { join } from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { isPublicKey } from './storage.ts';

/** S3-compatible storage when S3_BUCKET is set (env.ts checks the credentials come with it), else the local folder. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(join(env.DATA_DIR, 'files'));
}
