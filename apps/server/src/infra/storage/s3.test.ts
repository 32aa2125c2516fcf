import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3.ts';
import { createStorage } from './index.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

let s3: TestS3Server;
let localDir: string;
const drivers: Record<string, () => Storage> = {};

beforeAll(async () => {
  s3 = await startTestS3Server();
  localDir = mkdtempSync(join(tmpdir(), 'flowbay-storage-'));
  drivers.s3 = () =>
    createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
  drivers.local = () => createLocalStorage(localDir);
});
afterAll(async () => {
  await s3.close();
  rmSync(localDir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage driver', (name) => {
  it('stores, reads back byte for byte, and deletes', async () => {
    const storage = drivers[name]!();
    const key = `workflows/user-1/${name}-object.json`;
    const body = Buffer.from(JSON.stringify({ name: 'Đơn hàng', nodes: [] }));
    await storage.put(key, body, 'application/json');
    expect((await storage.get(key))?.equals(body)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('keeps binary bytes intact', async () => {
    const storage = drivers[name]!();
    const key = `covers/user-1/${name}-binary.webp`;
    const body = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256));
    await storage.put(key, body, 'image/webp');
    expect((await storage.get(key))?.equals(body)).toBe(true);
  });

  it('answers null for a missing object and tolerates deleting one', async () => {
    const storage = drivers[name]!();
    expect(await storage.get(`workflows/user-1/${name}-missing.json`)).toBeNull();
    await expect(storage.delete(`workflows/user-1/${name}-missing.json`)).resolves.toBeUndefined();
  });

  it('refuses keys outside the known folders or with path tricks', async () => {
    const storage = drivers[name]!();
    for (const key of [
      '../etc/passwd',
      'workflows/../../x.json',
      'other/user/x.json',
      'workflows/user/a/b.json',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('S3 driver settings', () => {
  it('is chosen when S3_* is set, and the local folder otherwise', () => {
    expect(createStorage(loadEnv({ DATA_DIR: localDir })).driver).toBe('local');
    expect(createStorage(loadEnv({ DATA_DIR: localDir, ...s3.env })).driver).toBe('s3');
  });

  it('stores objects as attachments, so a cover opened from S3_PUBLIC_URL is a download, not a page', async () => {
    const key = 'covers/user-1/disposition.png';
    await drivers.s3!().put(key, Buffer.from('<svg onload=alert(1)>'), 'image/png');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentDisposition).toBe('attachment');
    client.destroy();
  });

  it('gives covers the public base address when S3_PUBLIC_URL is set, else the app route', () => {
    const withCdn = createStorage(loadEnv({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.test/' }));
    expect(withCdn.publicUrl('covers/u1/abc.webp')).toBe('https://cdn.example.test/covers/u1/abc.webp');
    expect(createStorage(loadEnv(s3.env)).publicUrl('covers/u1/abc.webp')).toBe('/files/covers/u1/abc.webp');
  });

  it('surfaces real failures instead of answering "missing"', async () => {
    const wrongBucket = createS3Storage({
      endpoint: s3.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    await expect(wrongBucket.put('covers/u1/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});
