// The ONE place that decides what host and remotes share through Module Federation.
// Matching is by exact import path, so every entry names the path the code imports
// (React 19 breaks if `react-dom/client` is not shared; `react-router` is shared because
// `react-router-dom` 7 re-exports it and a second copy would mean a second router context).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(workspaceRoot, 'package.json'));

/** Third-party packages shared as singletons, keyed by import path → owning package. */
export const SHARED_PACKAGES = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  'styled-components': 'styled-components',
};

/** Workspace libraries: their contexts (auth, institution, query, theme, toasts) must exist once. */
export const SHARED_WORKSPACE_LIBS = {
  '@tessera/ui': 'libs/ui',
  '@tessera/auth': 'libs/auth',
  '@tessera/data-access/client': 'libs/data-access',
  '@tessera/data-access/hooks': 'libs/data-access',
  '@tessera/data-access/contracts': 'libs/data-access',
};

function installedVersion(packageName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')).version;
}

function workspaceVersion(libPath) {
  return JSON.parse(readFileSync(join(workspaceRoot, libPath, 'package.json'), 'utf8')).version;
}

/**
 * The `shared` option of ModuleFederationPlugin. Versions come from what is installed, so the
 * host and every remote ask for exactly the copy the workspace resolves; `singleton` makes the
 * runtime refuse a second copy and `strictVersion: false` keeps a mismatch a warning rather than
 * a blank page.
 */
export function federationShared() {
  const shared = {};
  for (const [importPath, packageName] of Object.entries(SHARED_PACKAGES)) {
    const version = installedVersion(packageName);
    shared[importPath] = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
  }
  for (const [importPath, libPath] of Object.entries(SHARED_WORKSPACE_LIBS)) {
    const version = workspaceVersion(libPath);
    shared[importPath] = { singleton: true, requiredVersion: version, version, strictVersion: false };
  }
  return shared;
}

/**
 * Resolve settings every app needs: the workspace libs' package.json `exports` point the
 * `source` condition at TypeScript, which must win over the defaults.
 */
export const resolveOptions = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  conditionNames: ['source', '...'],
};

/** The TS/TSX rule: builtin SWC with the automatic React runtime. */
export function typescriptRule({ development }) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh: false } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}
