import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { DefinePlugin, HtmlRspackPlugin } from '@rspack/core';
import { federationShared, resolveOptions, typescriptRule } from '../../tools/federation/shared.mjs';

const apiTarget = process.env.TESSERA_API_URL ?? 'http://localhost:3000';

export default defineConfig((_env, argv) => {
  const development = argv.mode !== 'production';
  return {
    mode: development ? 'development' : 'production',
    // The standalone page (index.html) lets the CRM team work without the shell.
    entry: { main: './src/index.ts' },
    output: {
      path: `${process.cwd()}/dist`,
      // Served under /remotes/crm/ in production and from :4201 in development.
      publicPath: 'auto',
      filename: development ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
      uniqueName: 'crm_remote',
    },
    devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: resolveOptions,
    module: { rules: [typescriptRule({ development })] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'crm_remote',
        filename: 'remoteEntry.js',
        exposes: {
          './crm': './src/modules/crm.tsx',
          './sales': './src/modules/sales.tsx',
        },
        shared: federationShared(),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      new HtmlRspackPlugin({ template: './public/index.html', title: 'Tessera CRM (standalone)' }),
      // A label for this build (a release name, a canary): shown by BuildStamp.
      new DefinePlugin({
        'process.env.TESSERA_BUILD_LABEL': JSON.stringify(process.env.TESSERA_BUILD_LABEL ?? ''),
      }),
    ],
    // `rspack serve` turns on lazy compilation of dynamic imports unless told otherwise; it would
    // defer the async boundary and the federated chunks other origins load, so it stays off.
    lazyCompilation: false,
    devServer: {
      port: Number(process.env.CRM_PORT ?? 4201),
      historyApiFallback: true,
      hot: true,
      // The shell on :4200 loads this remote's manifest and chunks cross-origin.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/functions'], target: apiTarget }],
    },
    performance: { hints: false },
  };
});
