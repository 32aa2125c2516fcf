import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
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

export const n8nExport = (name = 'Send Slack alerts', extraNode?: object) =>
  JSON.stringify({
    name,
    nodes: [
      {
        id: 'a',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: 'b',
        name: 'Slack',
        type: 'n8n-nodes-base.slack',
        typeVersion: 2,
        position: [200, 0],
        parameters: { text: 'hi' },
      },
      ...(extraNode ? [extraNode] : []),
    ],
    connections: { Webhook: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } },
  });
