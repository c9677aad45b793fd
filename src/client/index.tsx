/**
 * The browser entry. A prerendered page is already readable: it paints first, and only then does the app's
 * code run and hydrate it (the code is in this same file, evaluated later), so no script holds up the
 * first paint. A plain page starts the app at once.
 */
const startApp = () => import(/* webpackMode: "eager" */ './startApp').then((app) => app.startApp());

if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(startApp, 0));
else void startApp();
