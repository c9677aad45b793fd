/**
 * The browser entry, and nothing else: a prerendered page is already readable, so it is painted and shown first,
 * and only then is the app's code (the "app" chunk) evaluated to hydrate it. No script holds up the first paint
 * or what it shows (the landing page's largest paint is in that first frame). A page that is used preloads the
 * app's scripts, so they download alongside the page; a page that is read downloads them after its first paint
 * (src/client/lib/scriptsAfterPaint.ts). A plain page starts the app at once. The chunk's name is APP_CHUNK_GROUP
 * in scripts/build/routeChunks.ts.
 */
import { afterFirstPaint } from './lib/afterFirstPaint';
import { preloadScriptsAfterPaint } from './lib/scriptsAfterPaint';

const startApp = () => import(/* webpackChunkName: "app" */ './startApp').then((app) => app.startApp());

if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstPaint(() => {
    preloadScriptsAfterPaint();
    void startApp();
  });
} else void startApp();
