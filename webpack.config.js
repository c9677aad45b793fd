// Builds the browser client into dist/. Production output is content-hashed and split per route.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');

const webpack = require('webpack');
const svgToMiniDataURI = require('mini-svg-data-uri');

const root = __dirname;

/** The web-worker build of the Auth SDK that the firebase package depends on. */
function firebaseAuthWorkerBuild() {
  const firebasePackage = require.resolve('firebase/package.json', { paths: [root] });
  const authPackage = require.resolve('@firebase/auth/package.json', { paths: [path.dirname(firebasePackage)] });
  return path.join(path.dirname(authPackage), require(authPackage).exports['.'].webworker.default);
}

/** The file a package's `import` of its main entry resolves to. */
function esModuleOf(name) {
  const manifest = require.resolve(`${name}/package.json`, { paths: [root] });
  const entry = require(manifest).exports['.'].import;
  return path.join(path.dirname(manifest), typeof entry === 'string' ? entry : entry.default);
}

/**
 * RTK Query (lazy: server data) gets RTK's core, immer and reselect as modules of its own, marked by a query. webpack
 * decides a module's used exports for the whole build, so with shared modules every page's first load carried the
 * parts only RTK Query calls (createAsyncThunk, the matchers, immer's patches, reselect's weakMapMemoize). Its slice
 * lives in the same store as the app's: they share actions, never drafts or selectors.
 */
const RTK_QUERY_COPY = 'rtk-query';
function rtkQueryRule(test) {
  const alias = Object.fromEntries(
    ['@reduxjs/toolkit', 'immer', 'reselect'].map((name) => [`${name}$`, `${esModuleOf(name)}?${RTK_QUERY_COPY}`]),
  );
  return { ...test, resolve: { alias } };
}

/** What both builds (the browser's and the build-time renderer's) read sources with: one set of asset names. */
function sharedParts(production) {
  return {
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports only its development build; the production one beside it differs
      // only in leaving out development warnings, which minification then drops.
      alias: {
        // Only the Firebase worker (src/client/lib/firebase/firebase.worker.ts) imports firebase/auth: it gets
        // the SDK's web-worker build, which its package exports under a condition webpack's web target skips.
        'firebase/auth$': firebaseAuthWorkerBuild(),
        ...(production
          ? {
              'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    rules: (emitAssets) => [
      {
        test: /\.[jt]sx?$/,
        include: path.join(root, 'src'),
        loader: 'esbuild-loader',
        options: { target: 'es2020', jsx: 'automatic' },
      },
      { test: /\.(svg|png|webp|woff2)$/, exclude: /\.inline\.svg$/, type: 'asset/resource', generator: { emit: emitAssets } },
      // An image that is a page's largest paint comes inside the page (a data: URL) and paints with its text,
      // waiting on no request: the landing page's art.
      {
        test: /\.inline\.svg$/,
        type: 'asset/inline',
        generator: { dataUrl: (content) => svgToMiniDataURI(content.toString('utf8')) },
      },
      // A feature's index.ts only re-exports (scripts/featureIndexes.test.ts): a page that reads one thing through
      // it does not load the rest (the payment screen's forms and zod stay off the shop list's first load).
      { test: /src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
      // RTK Query and its own copies (rtkQueryRule) import each other.
      rtkQueryRule({ test: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/ }),
      rtkQueryRule({ resourceQuery: new RegExp(`^\\?${RTK_QUERY_COPY}$`) }),
    ],
    assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
  };
}

/**
 * Adds to index.html what every page preloads: each script of the named chunk groups (the app, which the entry
 * imports once the first paint is shown, and the saga runtime), so the page downloads them alongside the entry
 * rather than after it, and the font file the pattern names (the heading font).
 */
class PagePreloadsPlugin {
  constructor({ chunkGroups, font }) {
    this.chunkGroups = chunkGroups;
    this.font = font;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PagePreloadsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PagePreloadsPlugin', (data) => {
        const files = this.chunkGroups.flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`No chunk group ${name} to preload: did its webpackChunkName change?`);
          return group.getFiles().filter((file) => file.endsWith('.js'));
        });
        const publicPath = compilation.outputOptions.publicPath;
        const preloads = [...new Set(files)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${publicPath}${file}`, as: 'script' }),
        );
        const font = Object.keys(compilation.assets).find((file) => this.font.test(file));
        if (!font) throw new Error(`No font file matching ${this.font} to preload.`);
        const fontPreload = HtmlWebpackPlugin.createHtmlTagObject('link', {
          rel: 'preload',
          href: `${publicPath}${font}`,
          as: 'font',
          type: 'font/woff2',
          crossorigin: true,
        });
        data.headTags.push(fontPreload, ...preloads);
        return data;
      });
    });
  }
}

/**
 * Starts each of the page's scripts with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+):
 * V8 compiles the file's functions on a background thread while it streams in, instead of compiling each one on
 * the main thread the first time the app's start or the hydration calls it (about 1,350 functions and 170-240 ms
 * of a signed-in page's main thread before). Other browsers read a comment. The Firebase worker's scripts are
 * left out: the worker runs off the main thread, and most of the SDK it carries is never called. The hint goes in
 * after minification (which drops comments) and before the source maps are written, so they stay in step.
 */
class CompileHintsPlugin {
  constructor({ entry }) {
    this.entry = entry;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 },
        () => {
          for (const file of this.pageScripts(compilation)) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        },
      );
    });
  }

  /** The scripts of the entry and of every chunk it loads later, not those of another entry (the worker's). */
  pageScripts(compilation) {
    const entry = compilation.entrypoints.get(this.entry);
    if (!entry) throw new Error(`No entry ${this.entry} to give compile hints to.`);
    const groups = new Set([entry]);
    for (const group of groups) {
      // An entry of its own (the worker's) is an initial group; the chunks the page loads later are not.
      for (const child of group.childrenIterable) if (!child.isInitial()) groups.add(child);
    }
    return new Set([...groups].flatMap((group) => group.getFiles().filter((file) => file.endsWith('.js'))));
  }
}

/** Settings, the public config and the page's one inline script come from the TypeScript modules the server uses. */
function loadTypeScriptModules() {
  require('tsx/cjs/api').register();
  const { loadSettings } = require('./src/server/config/settings.ts');
  const { toPublicConfig } = require('./src/server/config/publicConfig.ts');
  const { SIGNED_IN_MARKER_SCRIPT } = require('./src/shared/signedInMarker.ts');
  const { EARLY_INPUT_SCRIPT } = require('./src/shared/earlyInput.ts');
  const { APP_CHUNK_GROUP, HEADING_FONT_FILE, SAGA_RUNTIME_CHUNK_GROUP } = require('./scripts/build/routeChunks.ts');
  return { loadSettings, toPublicConfig, SIGNED_IN_MARKER_SCRIPT, EARLY_INPUT_SCRIPT, APP_CHUNK_GROUP, HEADING_FONT_FILE, SAGA_RUNTIME_CHUNK_GROUP };
}

module.exports = (env = {}, argv = {}) => {
  const production = argv.mode !== 'development';
  const serving = Boolean(env.WEBPACK_SERVE);

  // The production page carries a placeholder that the server fills at run time, so one build serves any
  // environment. webpack-dev-server has no such server in front of it, so it gets the config now.
  let appConfigJson = '__APP_CONFIG__'; // PUBLIC_CONFIG_PLACEHOLDER in src/shared/publicConfig.ts
  let devServer;
  const { loadSettings, toPublicConfig, SIGNED_IN_MARKER_SCRIPT, EARLY_INPUT_SCRIPT, APP_CHUNK_GROUP, HEADING_FONT_FILE, SAGA_RUNTIME_CHUNK_GROUP } = loadTypeScriptModules();
  if (serving) {
    const settings = loadSettings(root);
    appConfigJson = JSON.stringify(toPublicConfig(settings)).replace(/</g, '\\u003c');
    devServer = {
      host: settings.HOST,
      port: settings.PORT,
      hot: true,
      historyApiFallback: true,
      client: { overlay: { warnings: false } },
      proxy: [{ context: ['/api'], target: `http://${settings.HOST}:${settings.DEV_API_PORT}` }],
    };
  }

  const name = production ? '[name].[contenthash:8]' : '[name]';
  const shared = sharedParts(production);
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/client/index.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: `static/js/${name}.js`,
      // Lazy chunks by number: the runtime's map of chunk files (in every first load) stays short.
      chunkFilename: production ? 'static/js/[id].[contenthash:8].js' : 'static/js/[name].js',
      assetModuleFilename: shared.assetModuleFilename,
      clean: true,
    },
    resolve: shared.resolve,
    module: { rules: shared.rules(true) },
    plugins: [
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        templateParameters: {
          appConfigJson,
          signedInMarkerScript: SIGNED_IN_MARKER_SCRIPT,
          earlyInputScript: EARLY_INPUT_SCRIPT,
          // The icon comes inside the page: no request of its own competes with the page's first paint.
          faviconHref: svgToMiniDataURI(fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8')),
        },
        // The inline script must stay byte for byte as written: the Content-Security-Policy allows it by its hash.
        minify: production && {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
          minifyJS: false,
        },
      }),
      // The plain page is the signed-in pages' (and a visit with a query's): they start sagas at once. The
      // prerendered pages keep the saga runtime's preload only where they need it (scripts/build/prerender.ts).
      new PagePreloadsPlugin({ chunkGroups: [APP_CHUNK_GROUP, SAGA_RUNTIME_CHUNK_GROUP], font: HEADING_FONT_FILE }),
      ...(production ? [new CompileHintsPlugin({ entry: 'main' })] : []),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // The API client and the API's shapes, which most features use: one small chunk they share, rather than
          // a copy in each feature's (too small for webpack to split out by itself).
          apiClient: {
            test: /[\\/]src[\\/](client[\\/]lib[\\/]apiClient|shared[\\/](api|catalogueRefusals|dailyGift[\\/]giftRefusals))\.ts$/,
            name: 'api-client',
            enforce: true,
          },
          // The page's side of the Firebase worker, which the sign-in, balance and checkout flows use and a page's first
          // load does not (the app's start only hands it the config, ./firebaseConfig.ts): one chunk they share.
          firebaseClient: {
            test: /[\\/]src[\\/]client[\\/]lib[\\/]firebase[\\/](index|startFirebaseWorker)\.ts$/,
            name: 'firebase-client',
            enforce: true,
          },
          // Where Firestore keeps things, and the live reading of one document: the sign-in, the balance, the
          // protections and the checkout all follow a document, and load together on a signed-in page; one chunk
          // they share, rather than a copy of the paths in each of two chunks that load side by side.
          firestoreListen: {
            test: /[\\/]src[\\/](shared[\\/]firestorePaths|client[\\/]lib[\\/]firestoreDocumentChannel)\.ts$/,
            name: 'firestore-listen',
            enforce: true,
          },
          // The shop's state (the shelf, the offers' bonuses), which the shop's page and its sagas both read: one chunk
          // they share, rather than a copy in each of the two chunks that load together.
          shopState: {
            test: /[\\/]src[\\/](client[\\/](features[\\/]shop[\\/]shopSlice|config[\\/]pageShelf|features[\\/]offers[\\/](offersSlice|packBonus))|shared[\\/]catalogue)\.ts$/,
            name: 'shop-state',
            enforce: true,
          },
        },
      },
      // index.html is minified by HtmlWebpackPlugin, leaving its inline script as written (see above); webpack's
      // own HTML minifier would rewrite the script and break the hash the Content-Security-Policy allows it by.
      minimizeOptions: { html: false },
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    devServer,
  };
};

/**
 * The build-time renderer (src/client/prerender/renderPage.tsx) for Node: the same sources, loaders and
 * asset names as the browser build, in one file, so the pages it renders hydrate in the browser.
 */
module.exports.prerender = () => {
  const shared = sharedParts(true);
  return {
    mode: 'production',
    target: 'node20',
    context: root,
    entry: { renderPage: './src/client/prerender/renderPage.tsx' },
    output: {
      path: path.join(root, 'dist-prerender'),
      publicPath: '/',
      filename: '[name].js',
      library: { type: 'commonjs2' },
      assetModuleFilename: shared.assetModuleFilename,
      clean: true,
    },
    resolve: {
      ...shared.resolve,
      // A page rendered at build time never starts the Firebase worker (it starts in the browser, on demand).
      alias: { ...shared.resolve.alias, [path.join(root, 'src/client/lib/firebase/startFirebaseWorker.ts')]: false },
    },
    module: { rules: shared.rules(false) },
    optimization: { minimize: false, splitChunks: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    devtool: false,
    performance: { hints: false },
  };
};
