/**
 * The browser entry, and nothing else: a prerendered page is already readable, so it is painted and shown first,
 * and only then is the app's code (the "app" chunk, preloaded by every page's HTML) evaluated to hydrate it. No
 * script holds up the first paint or what it shows (the landing page's largest paint is in that first frame).
 * A plain page starts the app at once. The chunk's name is APP_CHUNK_GROUP in scripts/routeChunks.ts.
 */
import { afterFirstPaint } from './lib/afterFirstPaint';

const startApp = () => import(/* webpackChunkName: "app" */ './startApp').then((app) => app.startApp());

if (document.getElementById('root')?.hasChildNodes()) afterFirstPaint(startApp);
else void startApp();
