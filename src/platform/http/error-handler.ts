import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnavailable } from '../db/faults';
import { WrongExpectedRevision } from '../event-store/port';
import { cut } from '../../shared/text';
import { AppError, type ErrorExtra, type FieldError } from './errors';

const VALIDATION_MESSAGE = 'Please check your input and try again';
const CONFLICT_MESSAGE = 'This record was changed by someone else. Reload and try again.';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';
/** Seconds a client waits before trying again while the database is away: a restart takes a few. */
export const RETRY_AFTER_SECONDS = 5;
/** What a client that retries reads from a 503: wait, then send the same request again. */
export const unavailableHeaders = { 'retry-after': String(RETRY_AFTER_SECONDS) };

type ZodValidationItem = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[]; issue?: { path?: PropertyKey[] } };
};

const UNKNOWN_PARAMETER = 'This parameter is not known here';

/** One field error per item; a query with names the route does not take gives one per unknown name. */
function fieldErrorsOf(v: ZodValidationItem, context: string | undefined): FieldError[] {
  const keys = v.params?.keys;
  if (v.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length) {
    return keys.map((key) => ({ field: cut(key, 100), message: UNKNOWN_PARAMETER }));
  }
  return [{ field: fieldOf(v, context), message: v.message ?? 'Invalid value' }];
}

function fieldOf(v: ZodValidationItem, context: string | undefined): string {
  const issuePath = v.params?.issue?.path;
  const p = issuePath?.length
    ? issuePath.map(String).join('.')
    : (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return p || context || 'body';
}

/** Every error becomes the envelope; only our own AppErrors and client mistakes carry details. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    return reply.code(error.statusCode).send(envelope(error.message, error.errors, error.extra));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = (error.validation as ZodValidationItem[]).flatMap((v) => fieldErrorsOf(v, error.validationContext));
    return reply.code(400).send(envelope(VALIDATION_MESSAGE, dedupe(errors)));
  }
  if (error instanceof WrongExpectedRevision) {
    return reply.code(409).send(envelope(CONFLICT_MESSAGE));
  }
  // The database away (connection lost or refused, restarting, in recovery): a wait helps, the
  // request was not at fault, and nothing half-done was acknowledged.
  if (isUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .headers(unavailableHeaders)
      .send(envelope(UNAVAILABLE_MESSAGE, undefined, { code: 'UNAVAILABLE' }));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.code(429).send(envelope(error.message || 'Too many requests. Please wait a moment and try again.'));
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send(envelope(clientMessage(error)));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(envelope('Internal server error. Please try again later.'));
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.statusCode === 400 && /JSON/i.test(error.message)
        ? 'The request body is not valid JSON'
        : 'Bad request';
  }
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
}

export function envelope(message: string, errors?: FieldError[], extra?: ErrorExtra) {
  return {
    ...extra?.details,
    success: false as const,
    message,
    ...(errors?.length ? { errors } : {}),
    ...(extra?.code ? { code: extra.code } : {}),
  };
}
