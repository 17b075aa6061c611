// The ONE build shape of every front end (shell and remotes): output naming, TypeScript through
// builtin SWC, Module Federation with the shared singletons, the HTML page and the dev server.
// Each app's rspack.config.ts only says what is its own: name, exposes, port, extra plugins.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { HtmlRspackPlugin } from '@rspack/core';
import { PrecompressPlugin } from './precompress.mjs';
import { federationShared, resolveOptions, typescriptRule } from './shared.mjs';

/**
 * @param {object} app
 * @param {string} app.name        Federation container name (a JS identifier: `crm_remote`).
 * @param {string} app.title       The HTML page title (the shell, or a remote's standalone page).
 * @param {number} app.devPort     Port of `rspack serve`.
 * @param {Record<string, string>} [app.exposes]  A remote's exposes; absent for the host.
 * @param {string[]} [app.proxy]   Paths the dev server forwards to the API.
 * @param {(options: { development: boolean }) => unknown[]} [app.plugins]  The app's own plugins.
 */
export function tesseraApp(app) {
  const isHost = !app.exposes;
  // The API the dev servers forward to (tools/dev sets it; the API's default port otherwise).
  const apiTarget = process.env.TESSERA_API_URL ?? 'http://localhost:3000';
  return (_env, argv) => {
    const development = argv.mode !== 'production';
    return {
      mode: development ? 'development' : 'production',
      entry: { main: './src/index.ts' },
      output: {
        path: `${process.cwd()}/dist`,
        // The shell is served at the site root (deep links must find it); a remote wherever its
        // manifest is (/remotes/<key>/ in production, its own port in development, a CDN).
        publicPath: isHost ? '/' : 'auto',
        filename: development ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
        clean: true,
        uniqueName: app.name,
      },
      devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
      resolve: resolveOptions,
      module: { rules: [typescriptRule({ development })] },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost
            ? // No remotes at build time: the registry (GET /api/remotes) says where they are.
              { remotes: {}, manifest: false }
            : { filename: 'remoteEntry.js', exposes: app.exposes, manifest: true }),
          shared: federationShared(),
          shareStrategy: 'loaded-first',
          dts: false,
        }),
        new HtmlRspackPlugin({ template: './public/index.html', title: app.title }),
        ...(app.plugins?.({ development }) ?? []),
        // Production files ship with brotli and gzip copies beside them; the dev server serves from memory.
        ...(development ? [] : [new PrecompressPlugin()]),
      ],
      // `rspack serve` turns on lazy compilation of dynamic imports unless told otherwise; it would
      // defer the async boundary and the federated chunks other origins load, so it stays off.
      lazyCompilation: false,
      devServer: {
        port: app.devPort,
        historyApiFallback: true,
        hot: true,
        // The shell on :4200 loads remotes' manifests and chunks cross-origin.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: app.proxy ?? ['/api', '/functions'], target: apiTarget, changeOrigin: false }],
      },
      performance: { hints: false },
    };
  };
}
