import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createExportCheckPool } from '../infra/export-check/index.ts';
import { createUploadsRepository } from '../modules/uploads/uploads.repository.ts';
import { createUploadsService } from '../modules/uploads/uploads.service.ts';
import type { TestContext } from './app.ts';
import type { TestSession } from './auth.ts';

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type: string; field?: string },
) {
  const boundary = `----flowbay${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  ctx: TestContext,
  session: TestSession | null,
  folder: 'workflows' | 'covers',
  content: Buffer | string,
  options: { name?: string; type?: string; redact?: boolean } = {},
) {
  const body = multipartBody(
    { folder, ...(options.redact ? { redact: 'true' } : {}) },
    {
      name: options.name ?? (folder === 'workflows' ? 'workflow.json' : 'cover.png'),
      content: Buffer.isBuffer(content) ? content : Buffer.from(content),
      type: options.type ?? (folder === 'workflows' ? 'application/json' : 'image/png'),
    },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(session?.headers ?? {}) },
  });
}

export function makeImage(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  width = 800,
  height = 450,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** One node as an n8n export holds it: version 1 at the origin without parameters unless told. */
export function n8nNode(
  id: string,
  name: string,
  type: string,
  more: { typeVersion?: number; position?: [number, number]; parameters?: object; credentials?: object } = {},
) {
  return { id, name, type, typeVersion: 1, position: [0, 0], parameters: {}, ...more };
}

/** The second node of the test exports: a Slack message (node type version 2) after the first. */
export const slackNode = (name: string, more: Parameters<typeof n8nNode>[3] = {}) =>
  n8nNode('b', name, 'n8n-nodes-base.slack', { typeVersion: 2, position: [200, 0], ...more });

export const n8nExport = (name = 'Send Slack alerts', extraNode?: object) =>
  JSON.stringify({
    name,
    nodes: [
      n8nNode('a', 'Webhook', 'n8n-nodes-base.webhook'),
      slackNode('Slack', { parameters: { text: 'hi' } }),
      ...(extraNode ? [extraNode] : []),
    ],
    connections: { Webhook: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } },
  });

/** An upload that must be accepted: the `url` that create and edit take. */
export async function uploadedUrl(
  ctx: TestContext,
  session: TestSession,
  folder: 'workflows' | 'covers',
  content?: Buffer | string,
) {
  const body = content ?? (folder === 'workflows' ? n8nExport() : await makeImage('png'));
  const response = await upload(ctx, session, folder, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url as string;
}

/** The hourly orphan sweep, run now as if its grace period were over. */
export function sweepUnusedUploads(ctx: TestContext) {
  const service = createUploadsService(createUploadsRepository(ctx.db), ctx.storage, createExportCheckPool());
  return service.sweepOrphans(new Date(Date.now() + 60_000));
}
