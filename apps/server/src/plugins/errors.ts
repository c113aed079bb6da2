import { ErrorCode, type ApiError } from '@lumiskin/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability';
import { HttpError } from '../http/errors';
import { PhotoStorageUnavailable } from '../modules/analysis/photo-storage';

/*
 * The one error handler. The errors a route throws (HttpError, notFoundUnless…) live in the
 * kernel, http/errors.ts, which modules import; this plugin only writes them as `{detail, code}`.
 */

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ApiError = {
    detail: `No route for ${request.method} ${request.url.split('?')[0]}`,
    code: ErrorCode.notFound,
  };
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify's router raises before any route or hook runs (`frameworkErrors`): an address
 * that does not decode (400) or a path segment over the router's length (414). Fastify wrote
 * these as its own `{error, code, message}`; every other answer is `{detail, code}`.
 */
export function sendFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const body: ApiError =
    status === 414
      ? { detail: 'A part of the address is too long', code: ErrorCode.uriTooLong }
      : { detail: 'The address is not valid', code: ErrorCode.badUrl };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (bad JSON, too large, wrong content type...) keep their status. */
const FASTIFY_CODES: Record<string, { code: string; detail?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    detail: 'The request body is too large',
  },
  FST_REQ_FILE_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    detail: 'The uploaded file is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.validation, detail: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.validation,
    detail: 'The request body is not valid JSON',
  },
};

/** The error code a request was answered with, for its log line (read by app.ts). */
export const requestErrorCodes = new WeakMap<FastifyRequest, string>();

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;
/** Retry-After of a 503 while the photo store is down (the SDK already retried twice). */
const STORAGE_RETRY_AFTER_S = 10;

/**
 * A malformed multipart body (no or an absurd boundary, cut off mid-part): busboy and
 * @fastify/multipart throw plain Errors for these, which are the client's, not ours.
 */
function isMalformedMultipart(request: FastifyRequest, error: FastifyError): boolean {
  if (!request.isMultipart?.() && !/multipart/i.test(request.headers['content-type'] ?? '')) {
    return false;
  }
  return (
    error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    error.code === 'FST_MULTIPART_INVALID_CONTENT_TYPE' ||
    // the body ended inside a part (or the client went away mid-upload)
    error.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /boundary|unexpected end of (form|multipart)|malformed part header|part terminated early/i.test(
      error.message,
    )
  );
}

function validationError(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  const first = error.validation[0];
  // A body that is not an object at all (missing, a string...) fails on the root path.
  const detail =
    first && first.instancePath !== '/'
      ? (first.message ?? 'Invalid request')
      : `Invalid request ${error.validationContext ?? 'body'}`;
  return { detail, fields };
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ApiError;

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = {
        detail: error.message,
        code: error.code,
        ...error.extra,
        ...(error.fields && { fields: error.fields }),
      };
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      status = 400;
      body = {
        code: ErrorCode.validation,
        ...validationError(error as Parameters<typeof validationError>[0]),
      };
    } else if (error instanceof PhotoStorageUnavailable) {
      // Before the database test: a refused connection to the store is not the database's.
      status = 503;
      request.log.warn({ err: error }, 'photo storage unavailable');
      void reply.header('retry-after', String(STORAGE_RETRY_AFTER_S));
      body = {
        detail: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'storage_unavailable',
      };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      request.server.databaseAvailability?.markDown(error);
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      body = {
        detail: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'database_unavailable',
      };
    } else if (isMalformedMultipart(request, error)) {
      status = 400;
      body = {
        detail: 'The multipart upload is malformed or incomplete',
        code: ErrorCode.validation,
      };
    } else if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      status = 503;
      request.log.warn({ err: error }, 'request timed out');
      body = { detail: 'The server took too long to answer. Please try again.', code: 'timeout' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { detail: 'Too many requests. Please try again later.', code: ErrorCode.rateLimited };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      body = { detail: known?.detail ?? error.message, code: known?.code ?? 'bad_request' };
    } else {
      // Never show a stack, SQL or driver message; the log has it under this request id.
      status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      request.log.error({ err: error }, 'request failed');
      body = {
        detail: `Something went wrong on our side (request ${request.id})`,
        code: ErrorCode.internal,
      };
    }

    // Said once, in the request's one log line (app.ts logRequests), not in a line of its own.
    requestErrorCodes.set(request, body.code);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
