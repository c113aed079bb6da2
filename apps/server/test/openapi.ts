import type { FastifyInstance } from 'fastify';

type Answer = { responses: { 200: { content: { 'application/json': { schema: unknown } } } } };

/**
 * The served OpenAPI document (`/api/docs/json`), read as the JSON schema of each GET path's 200
 * answer: what a client generated from it would expect.
 */
export async function okSchemas(app: FastifyInstance): Promise<(path: string) => unknown> {
  const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, { get: Answer }>;
  }>();
  return (path) => spec.paths[path]!.get.responses[200].content['application/json'].schema;
}
