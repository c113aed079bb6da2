import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renderMarkdown } from '../modules/blog/markdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** Article Markdown to safe HTML, cached in this process and, with Redis, for every instance. */
    markdown: { render(markdown: string): Promise<string> };
  }
}

/** Articles kept in this process (the oldest goes first). */
const LOCAL_SIZE = 200;
/** How long a rendering stays in Redis; articles change rarely and the key is their text. */
const SHARED_TTL_S = 24 * 60 * 60;
/**
 * A document touching every rule of the renderer: its output is part of the shared key, so a
 * deploy that renders differently (a new sanitiser rule, a marked upgrade) never reads the HTML
 * an older version left in Redis.
 */
const PROBE = [
  '# h1',
  '## h2 *em* **b** ~~del~~ `code`',
  '<script>x</script> <b onclick="x">raw</b>',
  '[in](/shop) [out](https://example.com) [bad](javascript:alert(1))',
  '![img](/images/a.jpg) ![far](https://example.com/a.jpg)',
  '| a | b |\n|:-|-:|\n| 1 | 2 |',
  '> quote\n\n1. one\n\n---',
].join('\n\n');

const digest = (text: string) =>
  crypto.createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * Rendering an article costs about 10 ms (sanitize-html), so it is done once per text: a bounded
 * map in this process, then (with Redis) a shared copy under the hash of renderer and text, and
 * concurrent requests for the same text wait for one rendering. A Redis failure only means a
 * local render (logged at debug): the page never fails because a cache did.
 */
async function markdownPlugin(app: FastifyInstance) {
  const local = new Map<string, string>();
  const rendering = new Map<string, Promise<string>>();
  const redis = app.redis;
  const rendererVersion = redis ? digest(renderMarkdown(PROBE)).slice(0, 12) : '';

  const remember = (key: string, html: string) => {
    local.delete(key);
    local.set(key, html);
    if (local.size > LOCAL_SIZE) local.delete(local.keys().next().value!);
  };

  async function renderShared(key: string, markdown: string): Promise<string> {
    const sharedKey = `markdown:${rendererVersion}:${key}`;
    if (redis) {
      const hit = await redis.get(sharedKey).catch((error: unknown) => {
        app.log.debug({ err: error }, 'markdown cache: redis read failed');
        return null;
      });
      if (hit !== null) return hit;
    }
    const html = renderMarkdown(markdown);
    if (redis) {
      await redis.set(sharedKey, html, 'EX', SHARED_TTL_S).catch((error: unknown) => {
        app.log.debug({ err: error }, 'markdown cache: redis write failed');
      });
    }
    return html;
  }

  app.decorate('markdown', {
    render(markdown: string): Promise<string> {
      const key = digest(markdown);
      const hit = local.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderShared(key, markdown)
          .then((html) => {
            remember(key, html);
            return html;
          })
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    },
  });
}

export default fp(markdownPlugin, { name: 'markdown', dependencies: ['redis'] });
