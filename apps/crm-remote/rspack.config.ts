import { defineConfig } from '@rspack/cli';
import { DefinePlugin } from '@rspack/core';
import { tesseraApp } from '../../tools/federation/rspack-app.mjs';

// The CRM and Sales modules. Its standalone page (index.html) lets the CRM team work without the shell.
export default defineConfig(
  tesseraApp({
    name: 'crm_remote',
    title: 'Tessera CRM (standalone)',
    devPort: Number(process.env.CRM_PORT ?? 4201),
    exposes: {
      './crm': './src/modules/crm.tsx',
      './sales': './src/modules/sales.tsx',
    },
    plugins: () => [
      // A label for this build (a release name, a canary): shown by BuildStamp.
      new DefinePlugin({
        'process.env.TESSERA_BUILD_LABEL': JSON.stringify(process.env.TESSERA_BUILD_LABEL ?? ''),
      }),
    ],
  }),
);
