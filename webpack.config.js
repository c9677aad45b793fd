// Builds the browser client into dist/. Production output is content-hashed and split per route.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');

const root = __dirname;

/** Settings and the public config come from the same TypeScript modules the server uses. */
function loadServerConfigModules() {
  require('tsx/cjs/api').register();
  const { loadSettings } = require('./src/server/config/settings.ts');
  const { toPublicConfig } = require('./src/server/config/publicConfig.ts');
  return { loadSettings, toPublicConfig };
}

module.exports = (env = {}, argv = {}) => {
  const production = argv.mode !== 'development';
  const serving = Boolean(env.WEBPACK_SERVE);

  // The production page carries a placeholder that the server fills at run time, so one build serves any
  // environment. webpack-dev-server has no such server in front of it, so it gets the config now.
  let appConfigJson = '__APP_CONFIG__'; // PUBLIC_CONFIG_PLACEHOLDER in src/shared/publicConfig.ts
  let devServer;
  if (serving) {
    const { loadSettings, toPublicConfig } = loadServerConfigModules();
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
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/client/index.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: `static/js/${name}.js`,
      chunkFilename: `static/js/${name}.js`,
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports only its development build; the production one beside it differs
      // only in leaving out development warnings, which minification then drops.
      alias: production
        ? {
            'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          include: path.join(root, 'src'),
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        { test: /\.(svg|png|webp|woff2)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', templateParameters: { appConfigJson } }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    devServer,
  };
};
