import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorStatus, type PlainErrorCode } from '@flowbay/domain';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { redactUrl } from '../infra/http/log-redaction.ts';
import { AppError, RateLimitedError } from '../lib/errors.ts';
import { isValidationKey, messageFor, requestLanguage, validationMessage } from '../lib/messages.ts';

/** Fastify's own errors → our codes; the status is the code's (the table in packages/domain). */
const FASTIFY_ERRORS: Record<string, PlainErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // A static file path that leaves its folder (`/assets/%2e%2e/…`): it names nothing here.
  FST_STATIC_FORBIDDEN_PATH: 'NOT_FOUND',
};

/** Any other client error a plugin raises keeps its 4xx status instead of becoming a 500. */
function clientErrorCode(status: number): PlainErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return 'VALIDATION_FAILED';
}

function messageKeyOf(details: unknown) {
  const key = (details as { messageKey?: unknown } | undefined)?.messageKey;
  return isValidationKey(key) ? key : undefined;
}

/** One error shape for the whole API: `{ error: { code, message, field? } }`, never internals on a 5xx. */
async function errorPolicy(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.headers);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field =
        path ||
        (issue?.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
        error.validationContext ||
        'request';
      // Schemas that carry an i18n key as their message (the publishing form's rules) answer it as details.messageKey.
      const messageKey = isValidationKey(issue?.message) ? issue.message : undefined;
      return reply.status(errorStatus('VALIDATION_FAILED')).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: messageKey
            ? validationMessage(messageKey, language)
            : `${messageFor('VALIDATION_FAILED', language)} (${field}: ${issue?.message ?? 'invalid'})`,
          field,
          ...(messageKey ? { details: { messageKey } } : {}),
        },
      });
    }
    if (error instanceof AppError) {
      // The server misses the key a saved secret was sealed under: the operator must hear of it.
      if (error.code === 'SEALED_VALUE_UNREADABLE')
        request.log.error({ url: redactUrl(request.url) }, error.message);
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: messageKeyOf(error.details)
            ? validationMessage(messageKeyOf(error.details)!, language)
            : error.code === 'VALIDATION_FAILED'
              ? error.message
              : messageFor(error.code, language),
          ...(error.field ? { field: error.field } : {}),
          ...(error.details !== undefined ? { details: error.details } : {}),
        },
      });
    }
    if (error.statusCode === 429) {
      return reply
        .status(errorStatus('RATE_LIMITED'))
        .send({ error: { code: 'RATE_LIMITED', message: messageFor('RATE_LIMITED', language) } });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or outage of the database: expected now and then, and answered until it is back.
      request.log.warn({ url: request.url, reason: error.message }, 'database unavailable');
      return reply
        .status(errorStatus('DATABASE_UNAVAILABLE'))
        .header('retry-after', '5')
        .send({
          error: { code: 'DATABASE_UNAVAILABLE', message: messageFor('DATABASE_UNAVAILABLE', language) },
        });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    const clientStatus =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : null;
    if (known || clientStatus) {
      const status = known ? errorStatus(known) : clientStatus!;
      const code = known ?? clientErrorCode(status);
      request.log.debug({ code: error.code, url: redactUrl(request.url) }, 'client error');
      return reply.status(status).send({ error: { code, message: messageFor(code, language) } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: redactUrl(request.url) }, 'response did not match its schema');
    } else {
      request.log.error(
        { err: error, url: redactUrl(request.url), method: request.method },
        'unhandled error',
      );
    }
    return reply
      .status(errorStatus('INTERNAL_ERROR'))
      .send({ error: { code: 'INTERNAL_ERROR', message: messageFor('INTERNAL_ERROR', language) } });
  });

  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request.headers);
    return reply
      .status(errorStatus('NOT_FOUND'))
      .send({ error: { code: 'NOT_FOUND', message: messageFor('NOT_FOUND', language) } });
  });
}

export default fp(errorPolicy, { name: 'error-policy', fastify: '5.x' });
