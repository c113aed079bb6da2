import { ErrorCode } from '@lumiskin/contract/errors';

/**
 * An error meant for the client: its status, `code` and `detail` go out as they are, with `fields`
 * and any `extra` keys a route's error schema declares (the scan's `reason` and `angle`). The one
 * error handler (plugins/errors.ts) writes it as `{ detail, code, ... }`.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    detail: string,
    public readonly fields?: Record<string, string>,
    public readonly extra?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, code: string = ErrorCode.validation) =>
  new HttpError(400, code, detail);
export const unauthorized = (
  detail = 'Please sign in to continue',
  code: string = ErrorCode.unauthorized,
) => new HttpError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to do this') =>
  new HttpError(403, ErrorCode.forbidden, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, ErrorCode.notFound, detail);
export const conflict = (detail: string, code: string = ErrorCode.conflict) =>
  new HttpError(409, code, detail);

/** `const scan = notFoundUnless(await repo.find(id))`: a missing row becomes a 404. */
export function notFoundUnless<T>(row: T | null | undefined, detail?: string): T {
  if (row === null || row === undefined) throw notFound(detail);
  return row;
}

/** A body field the route does not know (decision 074): named, never silently dropped. */
export function unknownFields(paths: readonly string[]): HttpError {
  return new HttpError(
    400,
    ErrorCode.unknownField,
    `Unknown field${paths.length === 1 ? '' : 's'}: ${paths.join(', ')}`,
    Object.fromEntries(paths.map((path) => [path, 'Unknown field'])),
  );
}

/** An update that names nothing to change never reaches the database (decision 074). */
export const nothingToChange = (detail = 'The request changes nothing: send at least one field') =>
  new HttpError(400, ErrorCode.nothingToChange, detail);
