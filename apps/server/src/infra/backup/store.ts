import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';

/** Where a snapshot is written to or read from: a folder, or a prefix in an S3 bucket. */
export interface SnapshotWriter {
  /** The snapshot's address, printed for the operator (and given to `npm run restore -- --from`). */
  readonly location: string;
  put(path: string, bytes: Uint8Array): Promise<void>;
  /** Makes the snapshot whole (a folder is renamed into place); the manifest was the last put. */
  finish(): Promise<void>;
  /** Removes what an interrupted backup wrote. */
  abandon(): Promise<void>;
}

export interface SnapshotReader {
  readonly location: string;
  /** The bytes at `path`, or null when there are none. */
  get(path: string): Promise<Uint8Array | null>;
}

type S3Settings = Pick<Env, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

interface S3Address {
  bucket: string;
  prefix: string;
}

export function parseS3Address(target: string): S3Address | null {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(target);
  if (!match) return null;
  return { bucket: match[1]!, prefix: match[2]!.replace(/\/+$/, '') };
}

function s3Client(env: S3Settings): S3Client {
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'An s3:// address needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT outside AWS).',
    );
  }
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const joinKey = (...parts: string[]) => parts.filter(Boolean).join('/');

/** A new snapshot named `name` inside `target` (a folder, or `s3://bucket/prefix`). */
export async function openSnapshotWriter(
  target: string,
  name: string,
  env: S3Settings,
): Promise<SnapshotWriter> {
  const s3 = parseS3Address(target);
  if (s3) {
    const client = s3Client(env);
    const base = joinKey(s3.prefix, name);
    return {
      location: `s3://${s3.bucket}/${base}`,
      async put(path, bytes) {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: `${base}/${path}`,
            Body: bytes,
            ContentLength: bytes.byteLength,
          }),
        );
      },
      // Objects are whole once put; the manifest, put last, marks the snapshot complete.
      finish: async () => undefined,
      // Without the manifest the objects are not a snapshot; a bucket lifecycle rule may expire them.
      abandon: async () => undefined,
    };
  }
  const final = resolve(target, name);
  const partial = `${final}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(partial, { recursive: true, mode: 0o700 });
  return {
    location: final,
    async put(path, bytes) {
      const file = join(partial, path);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    finish: () => rename(partial, final),
    abandon: () => rm(partial, { recursive: true, force: true }),
  };
}

export function openSnapshotReader(source: string, env: S3Settings): SnapshotReader {
  const s3 = parseS3Address(source);
  if (s3) {
    const client = s3Client(env);
    return {
      location: `s3://${s3.bucket}/${s3.prefix}`,
      async get(path) {
        try {
          const response = await client.send(
            new GetObjectCommand({ Bucket: s3.bucket, Key: joinKey(s3.prefix, path) }),
          );
          return response.Body ? await response.Body.transformToByteArray() : null;
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
            return null;
          throw error;
        }
      },
    };
  }
  const root = resolve(source);
  return {
    location: root,
    async get(path) {
      try {
        return new Uint8Array(await readFile(join(root, path)));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
  };
}
