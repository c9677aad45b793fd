/**
 * The browser entry, and nothing else: a prerendered page is already readable, so it is painted and shown first,
 * and only then is the app's code (the "app" chunk) evaluated to hydrate it. No script holds up the first paint
 * or what it shows (the landing page's largest paint is in that first frame). A page that is used preloads the
 * app's scripts, so they download alongside the page, and starts the app after its first paint. A page that is read
 * downloads them after its first paint (src/client/lib/scriptsAfterPaint.ts) and, for a visitor who is not signed in,
 * runs them only when the reader acts (whenVisitorActs): until then the main thread is the reader's. A signed-in
 * visitor's header is live, so their app starts after the paint. A plain page starts the app at once. The chunk's
 * name is APP_CHUNK_GROUP in scripts/build/routeChunks.ts.
 */
import { SIGNED_IN_ATTRIBUTE } from '../shared/signedInMarker';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { isReadPage, preloadScriptsAfterPaint } from './lib/scriptsAfterPaint';
import { whenVisitorActs } from './lib/whenVisitorActs';

const startApp = () => import(/* webpackChunkName: "app" */ './startApp').then((app) => app.startApp());

if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstPaint(() => {
    preloadScriptsAfterPaint();
    const start = () => void startApp();
    if (isReadPage() && !document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)) whenVisitorActs(start);
    else start();
  });
} else void startApp();
