/**
 * The meta element in which a page that is read rather than used (no features: the landing page, the policies,
 * not-found) names its scripts, where the other pages preload them (scripts/build/prerender.ts writes it). Preloaded,
 * 115 kB of scripts shared the connection with the page's first paint: on a slow phone network the heading font
 * came after that paint (and swapped in), and Lighthouse counted the scripts' download in the largest paint: its
 * graph leaves out tasks under 10 ms, so it missed their evaluation after the paint and took them for blocking.
 */
export const SCRIPTS_AFTER_PAINT_META = 'wyrmcrown-scripts-after-paint';

/** Whether this page is one that is read (it names its scripts for after its first paint). */
export const isReadPage = (): boolean => document.querySelector(`meta[name="${SCRIPTS_AFTER_PAINT_META}"]`) !== null;

/**
 * Preloads the scripts the page names in SCRIPTS_AFTER_PAINT_META, all at once: the app's and the page's own,
 * so the page's chunk downloads beside the app's instead of after the app has run and routed.
 */
export function preloadScriptsAfterPaint(): void {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${SCRIPTS_AFTER_PAINT_META}"]`)?.content ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}
