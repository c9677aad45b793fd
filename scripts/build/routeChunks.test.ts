import fs from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_PAGE, RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../src/shared/routes';
import { isReadingPage, PAGE_CHUNK_GROUPS, SAGA_RUNTIME_CHUNK_GROUP } from './routeChunks';

/** The chunks each route loads, as src/client/app/routes.tsx names them: its page's, and its features'. */
function chunksOfRoutes(): Map<string, string[]> {
  const source = fs.readFileSync(path.join(__dirname, '../../src/client/app/routes.tsx'), 'utf8');
  const features = new Map([...source.matchAll(/const (\w+): Feature = \(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//g)].map((match) => [match[1]!, match[2]!]));
  const routes = new Map<string, string[]>();
  const routePattern = /path: (ROUTES\.\w+|RECEIPT_ROUTE|SUPPORT_ORDER_ROUTE),\s*page: page\(\s*\(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\/ '[^']+'\)((?:,\s*\w+)*),?\s*\)/g;
  const pathOf = (name: string) =>
    name === 'RECEIPT_ROUTE' ? RECEIPT_ROUTE : name === 'SUPPORT_ORDER_ROUTE' ? SUPPORT_ORDER_ROUTE : ROUTES[name.slice('ROUTES.'.length) as keyof typeof ROUTES];
  for (const [, route, pageChunk, featureList] of source.matchAll(routePattern)) {
    const used = (featureList ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    routes.set(pathOf(route!), [pageChunk!, ...used.map((name) => features.get(name) ?? `unknown feature ${name}`)]);
  }
  return routes;
}

describe('the chunks the prerendered pages preload and the bench measures', () => {
  it('are the ones each route loads in routes.tsx, page and features alike', () => {
    const routes = chunksOfRoutes();
    expect(routes.size).toBeGreaterThanOrEqual(Object.values(ROUTES).length + 2);
    // Every page of routes.tsx has its entry: a page without one would download its chunks only after the app ran.
    expect([...routes.keys()].filter((route) => !(route in PAGE_CHUNK_GROUPS))).toEqual([]);
    for (const [route, chunks] of Object.entries(PAGE_CHUNK_GROUPS)) {
      if (!routes.has(route)) continue; // the not-found page: the catch-all route
      const ofRoute = chunks.filter((chunk) => chunk !== SAGA_RUNTIME_CHUNK_GROUP);
      expect([route, [...ofRoute].sort()]).toEqual([route, [...routes.get(route)!].sort()]);
    }
  });

  it('include the saga runtime exactly where a route loads features (they start their sagas before the page renders)', () => {
    for (const [route, chunks] of Object.entries(PAGE_CHUNK_GROUPS)) {
      const hasFeatures = chunks.some((chunk) => chunk.startsWith('feature-'));
      expect([route, chunks.includes(SAGA_RUNTIME_CHUNK_GROUP)]).toEqual([route, hasFeatures]);
    }
  });

  it('leave the read pages (landing, policies, not-found) without features, and every page with features a used one', () => {
    const read = Object.keys(PAGE_CHUNK_GROUPS).filter(isReadingPage);
    expect(read.sort()).toEqual([ROUTES.home, ROUTES.aboutUs, ROUTES.privacyPolicy, ROUTES.refundPolicy, ROUTES.termsOfService, NOT_FOUND_PAGE].sort());
    // A read page loads its page chunk alone.
    for (const page of read) expect([page, PAGE_CHUNK_GROUPS[page]!.length, PAGE_CHUNK_GROUPS[page]![0]!.startsWith('route-')]).toEqual([page, 1, true]);
  });
});
