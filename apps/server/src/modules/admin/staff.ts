import { ApiError } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireRole } from '../../http/auth';
import type { Actor } from './audit-repository';

/** What every admin route shares: its error answers, its OpenAPI tag and bearer security. */
export const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
export const staff = { tags: ['admin'], security: [{ bearer: [] }] };
/** Routes only an admin may call (users, roles, prices, visibility, audit); the rest: moderator. */
export const adminOnly = { onRequest: requireRole('admin') };

/** The signed-in staff member, as the audit log records them. */
export function actorOf(request: FastifyRequest): Actor {
  const { id, name, role } = request.user;
  return { id, name, role };
}

/**
 * After the catalogue or articles changed: the routine's cache, the rendered pages and the public
 * content's answers, on every instance when they share Redis (awaited, so the next request
 * anywhere sees the change).
 */
export const contentChanged = (app: FastifyInstance) =>
  Promise.all([app.catalogue.invalidate(), app.pages.invalidate(), app.publicContent.invalidate()]);
