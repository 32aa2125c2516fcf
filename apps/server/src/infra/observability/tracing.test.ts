import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ping } from '../../db/client.ts';
import { createTestApp } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';

interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
  status?: { code?: number };
}

/** A collector stand-in: what OTLP/HTTP JSON exports arrive at /v1/traces. */
let collector: Server;
const spans: OtlpSpan[] = [];
const services: string[] = [];
const paths: string[] = [];

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          resource: { attributes: OtlpSpan['attributes'] };
          scopeSpans: Array<{ spans: OtlpSpan[] }>;
        }>;
      };
      for (const resource of body.resourceSpans) {
        const name = resource.resource.attributes.find((a) => a.key === 'service.name');
        services.push(String(name?.value.stringValue));
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && (value.stringValue ?? value.intValue);
};

describe('tracing over OTLP/HTTP', () => {
  it('sends a span per request (route and status), per query inside it, and per job', async () => {
    const { port } = collector.address() as AddressInfo;
    const ctx = await createTestApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`, OTEL_SERVICE_NAME: 'flowbay-test' },
    });
    let workflowId = '';
    try {
      const seller = await signedInUser(ctx);
      workflowId = (await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id })).id;
      const page = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${workflowId}` });
      expect(page.statusCode).toBe(200);
      ctx.app.jobs.register('tracing.probe', async () => {
        await ping(ctx.db);
        throw new Error('probe fails on purpose');
      });
      await ctx.app.jobs.enqueue('tracing.probe', {}, { maxAttempts: 1 });
      await ctx.app.jobs.runDue();
    } finally {
      // Closing the app sends what is buffered.
      await ctx.close();
    }

    expect(paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    expect(services).toContain('flowbay-test');
    const request = spans.find((span) => span.name === 'GET /api/workflows/:id');
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(attribute(request!, 'http.route')).toBe('/api/workflows/:id');
    expect(Number(attribute(request!, 'http.response.status_code'))).toBe(200);
    // The raw address (with the id) is no span's name.
    expect(spans.some((span) => span.name.includes(workflowId))).toBe(false);

    const queries = spans.filter((span) => span.name === 'db.query' && span.parentSpanId === request!.spanId);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(String(attribute(queries[0]!, 'db.query.text'))).toMatch(/select/i);

    const job = spans.find((span) => span.name === 'job tracing.probe');
    expect(job).toBeDefined();
    expect(attribute(job!, 'job.kind')).toBe('tracing.probe');
    expect(job!.status?.code).toBe(2); // ERROR: the attempt failed
    const jobQuery = spans.find((span) => span.name === 'db.query' && span.parentSpanId === job!.spanId);
    expect(String(attribute(jobQuery!, 'db.query.text'))).toBe('select 1');
  });

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is sent', async () => {
    const before = paths.length;
    const ctx = await createTestApp();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
    expect(paths.length).toBe(before);
  });
});
