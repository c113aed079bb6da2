import { AuditList, AuditQuery } from '@lumiskin/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportAudit, listAudit } from './audit-repository';
import { adminOnly, errors, staff } from './staff';

const AUDIT_CSV_MAX_ROWS = 10_000;
const CSV_HEADER = [
  'created_at',
  'actor_name',
  'actor_role',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
];

/** One CSV cell: quoted, quotes doubled, and a leading =+-@ defused (spreadsheet formulas). */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** /api/admin/audit: every staff write, newest first (admin only). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Every admin/moderator write, newest first (admin only)',
        querystring: AuditQuery,
        response: { 200: AuditList, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return { ...(await listAudit(app.db, request.query)), page, page_size };
    },
  );

  app.get(
    '/audit.csv',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: `The filtered audit log as CSV, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (admin only)`,
        querystring: AuditQuery.omit({ page: true, page_size: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const entries = await exportAudit(app.db, request.query, AUDIT_CSV_MAX_ROWS);
      const lines = entries.map((e) =>
        [
          e.created_at,
          e.actor_name,
          e.actor_role,
          e.action,
          e.entity,
          e.entity_id,
          e.before,
          e.after,
        ]
          .map(csvCell)
          .join(','),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send([CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n');
    },
  );
};

export default auditRoutes;
