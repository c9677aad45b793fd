import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ShelfResponse } from '../../shared/api';
import type { PublicConfig } from '../../shared/publicConfig';

/** One page as the renderer (dist-prerender/renderPage.js) gives it: its markup, its styles inline, and its title. */
export interface RenderedPage {
  html: string;
  styles: string;
  title: string;
}

/** Where a page shell (a prerendered page with nothing rendered in it yet) takes the rendered page. */
export const SHELL_MARKS = { html: '<!--wc-page-html-->', styles: '<!--wc-page-styles-->', title: '__WC_PAGE_TITLE__' } as const;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A shell with the rendered page in it: the build's prerendered pages and the server's re-rendered shop alike. */
export function fillShell(shell: string, rendered: RenderedPage): string {
  return shell
    .replace(SHELL_MARKS.title, () => escapeText(rendered.title))
    .replace(SHELL_MARKS.styles, () => rendered.styles)
    .replace(SHELL_MARKS.html, () => rendered.html);
}

/**
 * Renders `page` with the build's renderer in a process of its own (so the components' class names are counted exactly
 * as in a browser that opens that page), with `config` (tokens, filled in as the page is served) and the shelf it shows.
 */
export async function renderPageInChild(renderer: string, page: string, config: PublicConfig, shelf: ShelfResponse): Promise<RenderedPage> {
  const run = `require(${JSON.stringify(renderer)}).renderPage(process.argv[1], JSON.parse(process.env.PRERENDER_CONFIG), JSON.parse(process.env.PRERENDER_SHELF)).then(
    (page) => process.stdout.write(JSON.stringify(page)),
    (error) => { console.error(error.stack); process.exit(1); })`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', run, page], {
    env: { ...process.env, NODE_ENV: 'production', PRERENDER_CONFIG: JSON.stringify(config), PRERENDER_SHELF: JSON.stringify(shelf) },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as RenderedPage;
}

/**
 * What a page rendered with a shelf must match to be served with it: the packs it shows (the version alone may change
 * nothing shown), each with its fields in one order (Firestore gives a map's fields back sorted by name).
 */
export const shelfKeyOf = (shelf: ShelfResponse): string =>
  JSON.stringify(shelf.packs.map((pack) => Object.fromEntries(Object.entries(pack).sort(([a], [b]) => (a < b ? -1 : 1)))));
