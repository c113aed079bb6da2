import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { containsNul, exceedsJsonDepth, MAX_JSON_DEPTH } from '../lib/json-depth';
import { badRequest } from '../http/errors';

/**
 * Checks every request meets before a handler sees it:
 * - JSON bodies nested deeper than MAX_JSON_DEPTH are refused before JSON.parse (a 1 MB
 *   `[[[[…` costs V8 ~0.4 s to parse; the scan is one pass without allocation);
 * - a NUL character in any text of the body, query or path is a 400 (PostgreSQL text cannot
 *   hold it, so it would otherwise fail as a 500 in the database);
 * - an answer closes its connection when the body was not read, or the server is closing.
 */
async function requestGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = typeof raw === 'string' ? raw : raw.toString('utf8');
    // "Content-Type: application/json" and nothing after it, as many HTTP clients send on a POST
    // without data: on a route that reads no body (a like, a sign-out), that is no body. A route
    // that needs one still answers "The request body is empty".
    if (body.trim() === '' && request.routeOptions.schema?.body === undefined) {
      done(null, undefined);
      return;
    }
    if (exceedsJsonDepth(body)) {
      done(badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, body, done);
  });

  // Callback hooks (here and below): no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'] ?? '';
    if (/^multipart\//i.test(type)) {
      // RFC 2046: 1 to 70 characters. busboy throws a plain Error (a 500) beyond 256.
      const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(type);
      const length = (boundary?.[1] ?? boundary?.[2] ?? '').length;
      if (length < 1 || length > 70) {
        return done(badRequest('The multipart upload needs a boundary of 1 to 70 characters'));
      }
    }
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return done(badRequest('Text must not contain NUL (\\u0000) characters'));
    }
    done();
  });

  // One onSend hook for both reasons an answer closes its connection (decision 145: it was two,
  // and every request ran both):
  // - An answer given before the body was read (401 before the body, 413 on its length, a
  //   refused upload): kept alive, Node would read and discard the rest of the body on the event
  //   loop, so six clients sending 1 MB bodies to be refused would still cost the server every
  //   byte of them.
  // - Once closing (SIGTERM), every answer still going out (an inline scan that was in flight): a
  //   kept-alive socket would otherwise hold the stop for Fastify's 72 s keep-alive timeout
  //   after the last answer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing || (!request.raw.complete && hasBody(request))) reply.header('connection', 'close');
    done(null, payload);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

export default fp(requestGuards, { name: 'request-guards', dependencies: ['errors'] });
