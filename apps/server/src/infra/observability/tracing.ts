import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Span, Tracer } from '@opentelemetry/api';

/**
 * Spans for requests, database queries and jobs, sent over OTLP/HTTP (JSON) to a collector. Loaded
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK is imported then, not before). Nothing is
 * registered globally: each app has its own provider, and the span a query belongs to is carried in
 * this module's own async context, so apps in one process (tests) never mix their spans.
 */
export interface Tracing {
  /** Starts a request's span; `end` sets its route and status. */
  startRequest(method: string): { span: Span; context: Context };
  endRequest(span: Span, method: string, route: string, statusCode: number): void;
  /** Runs `work` with `context` as the parent of the spans it starts (its queries). */
  within<T>(context: Context, work: () => T): T;
  /** A span around `work`, a child of the current request or job when there is one. */
  span<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  /** Like `span`, only inside a request or a job; elsewhere `work` runs untraced. */
  childSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  /** Marks the current span failed (a job attempt that threw). */
  failCurrent(message: string): void;
  /** Sends what is buffered and stops (the app's close). */
  shutdown(): Promise<void>;
}

export interface TracingSettings {
  /** The collector's base address; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** The OTLP path for traces under a collector's base address (as the OpenTelemetry spec builds it). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export async function createTracing(settings: TracingSettings): Promise<Tracing> {
  const [api, sdk, resources, otlp] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter({ url: tracesUrl(settings.endpoint) }),
      }),
    ],
  });
  const tracer: Tracer = provider.getTracer('flowbay');
  const active = new AsyncLocalStorage<Context>();
  const current = () => active.getStore() ?? api.ROOT_CONTEXT;

  async function span<T>(
    name: string,
    attributes: Record<string, string | number>,
    work: () => Promise<T>,
  ): Promise<T> {
    const started = tracer.startSpan(name, { attributes }, current());
    try {
      return await active.run(api.trace.setSpan(current(), started), work);
    } catch (error) {
      started.setStatus({
        code: api.SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      started.end();
    }
  }

  return {
    startRequest(method) {
      const span = tracer.startSpan(
        `${method} request`,
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': method } },
        current(),
      );
      return { span, context: api.trace.setSpan(current(), span) };
    },
    endRequest(span, method, route, statusCode) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': statusCode });
      if (statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
    within: (context, work) => active.run(context, work),
    childSpan(name, attributes, work) {
      return active.getStore() ? span(name, attributes, work) : work();
    },
    span,
    failCurrent(message) {
      api.trace.getSpan(current())?.setStatus({ code: api.SpanStatusCode.ERROR, message });
    },
    shutdown: () => provider.shutdown(),
  };
}
