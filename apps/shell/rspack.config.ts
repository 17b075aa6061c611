import { defineConfig } from '@rspack/cli';
import { tesseraApp } from '../../tools/federation/rspack-app.mjs';

// The host. It holds no remote URL: the registry (GET /api/remotes) says where remotes are at run time.
export default defineConfig(
  tesseraApp({
    name: 'shell',
    title: 'Tessera',
    devPort: Number(process.env.SHELL_PORT ?? 4200),
    // In development the shell's dev server also forwards the production-style /remotes paths.
    proxy: ['/api', '/functions', '/remotes'],
  }),
);
