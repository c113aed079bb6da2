import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Article Markdown to HTML that is safe to put in the page. Two layers: marked renders raw HTML
 * in the source as escaped text (articles are Markdown without HTML), and sanitize-html then keeps
 * only an allow-list of tags and attributes, and links only to http(s), mailto or this site. The
 * web's CSP (script-src 'self', no inline handlers) is the third. Nothing from the database runs.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'del',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // A Markdown '#' heading would compete with the article title (the page's h1).
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // Only same-origin images (/images/...): no hot-links, no tracking pixels.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/[^/\\]/.test(frame.attribs.src ?? ''),
};

/** Article Markdown to safe HTML; pure (the caches are plugins/markdown.ts's). About 10 ms an article. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE);
}
