import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { HtmlRspackPlugin } from '@rspack/core';
import { federationShared, resolveOptions, typescriptRule } from '../../tools/federation/shared.mjs';

// The API the dev server forwards to (tools/dev sets it; the API's default port otherwise).
const apiTarget = process.env.TESSERA_API_URL ?? 'http://localhost:3000';

export default defineConfig((_env, argv) => {
  const development = argv.mode !== 'production';
  return {
    mode: development ? 'development' : 'production',
    entry: { main: './src/index.ts' },
    output: {
      path: `${process.cwd()}/dist`,
      // The shell is served at the site root and deep links (/modules/crm/deals) must find it.
      publicPath: '/',
      filename: development ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
      uniqueName: 'shell',
    },
    devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: resolveOptions,
    module: { rules: [typescriptRule({ development })] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        // No remotes here: the registry (GET /api/remotes) says where they are at run time.
        remotes: {},
        shared: federationShared(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
      }),
      new HtmlRspackPlugin({ template: './public/index.html', title: 'Tessera' }),
    ],
    // `rspack serve` turns on lazy compilation of dynamic imports unless told otherwise; it would
    // defer the async boundary and the federated chunks other origins load, so it stays off.
    lazyCompilation: false,
    devServer: {
      port: Number(process.env.SHELL_PORT ?? 4200),
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/functions', '/remotes'], target: apiTarget, changeOrigin: false }],
    },
    performance: { hints: false },
  };
});
