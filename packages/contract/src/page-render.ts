/*
 * The contract between the web app's server renderer (apps/web/src/entry-server.tsx, built into
 * apps/web/dist-ssr) and the API server that calls it (apps/server/src/plugins/page-render.ts).
 * Decision 013.
 */

/**
 * The id of the JSON list, after a server-rendered page's root, of the scripts its route needs
 * (the server writes it; apps/web/src/boot.ts preloads them once the page has painted).
 */
export const ROUTE_MODULES_ID = 'ssr-modules';

/** How an API call made while rendering reaches the API: the server answers it in process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderOptions {
  fetch: ApiTransport;
  /** The visitor's Accept-Language header: dates and numbers are rendered in its first language. */
  acceptLanguage?: string;
}

/** One server-rendered page. */
export interface RenderedPage {
  status: number;
  /** The markup for inside <div id="root">; React puts the page's <title>, <meta> and preload
   * <link>s first, and the server moves those into <head>. */
  html: string;
  /** The data it was rendered with, as a JSON block to put after the root element. */
  state: string;
  /** The lazy route modules the page needs (Vite manifest keys). */
  modules: string[];
  /** False when the render had an effect (an article's view counted): never reused. */
  cacheable: boolean;
}

/** What dist-ssr/entry-server.js exports. */
export interface PageRenderer {
  /** null: not a server-rendered page, or it cannot be rendered as a plain page just now. */
  render(url: string, options: RenderOptions): Promise<RenderedPage | null>;
}
