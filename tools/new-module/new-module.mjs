#!/usr/bin/env node
// A module team's starting point (docs/module-teams.md): generates a federated remote.
//   npm run new:module -- <key> [--name "Display name"] [--dir <parent folder, default apps>]
// writes <dir>/<key>-remote: the rspack + Module Federation config of tools/federation, one module
// page built from libs/ui, data-access and libs/auth's PermissionGate, a unit test and a README.
// It builds (`npm run build -w apps/<key>-remote`) and publishes with `npm run publish:remote`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The registry's own rules (keys, container names) from the built contracts: one definition.
const { REGISTRY_KEY_PATTERN, RESERVED_ROUTE_KEYS, BUILT_IN_REMOTES, remoteContainerName } = createRequire(
  join(root, 'package.json'),
)('@tessera/data-access/contracts');

function parse(argv) {
  const options = { dir: join(root, 'apps') };
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--name' || arg === '--dir') {
      const value = argv[index + 1];
      if (!value) throw new Error(`${arg} needs a value`);
      options[arg.slice(2)] = arg === '--dir' ? resolve(value) : value;
      index += 1;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new Error('name the module: npm run new:module -- <key>');
  const key = positional[0];
  if (!REGISTRY_KEY_PATTERN.test(key))
    throw new Error(`${key}: lower-case letters, digits and dashes, starting with a letter (2 to 40)`);
  if (RESERVED_ROUTE_KEYS.includes(key) || BUILT_IN_REMOTES.some((remote) => remote.key === key))
    throw new Error(`${key} is taken by the platform: choose another key`);
  options.key = key;
  options.name ??= key
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return options;
}

function pascal(key) {
  return key
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** Every file of the generated remote, by path inside it. */
export function remoteFiles({ key, name, toRoot }) {
  const container = remoteContainerName(key);
  const component = `${pascal(key)}Module`;
  const industry = JSON.parse(readFileSync(join(root, 'apps', 'industry-remotes', 'package.json'), 'utf8'));
  const pick = (from, names) => Object.fromEntries(names.map((dep) => [dep, from[dep]]));
  const packageJson = {
    name: `@tessera/${key}-remote`,
    version: '0.0.0',
    private: true,
    scripts: {
      build: 'rspack build --mode production',
      dev: 'rspack serve --mode development',
      typecheck: 'tsc -p tsconfig.json',
      test: 'mkdir -p .test-results && jest --json --outputFile=.test-results/jest.json',
      publish: `node ${toRoot}/tools/publish-remote.mjs ${key} --no-build --dir dist`,
    },
    dependencies: pick(industry.dependencies, [
      '@tessera/auth',
      '@tessera/data-access',
      '@tessera/ui',
      'react',
      'react-dom',
      'react-router-dom',
      '@tanstack/react-query',
      'styled-components',
    ]),
    devDependencies: industry.devDependencies,
  };
  return {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(
      {
        extends: `${toRoot}/tsconfig.base.json`,
        compilerOptions: { types: ['jest', 'node'] },
        include: ['src', 'rspack.config.ts'],
      },
      null,
      2,
    )}\n`,
    'jest.config.cjs': `module.exports = {
  ...require('${toRoot}/jest.preset.cjs'),
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
};
`,
    'jest.setup.cjs': `// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads at import time.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextDecoder, TextEncoder });
`,
    'rspack.config.ts': `import { defineConfig } from '@rspack/cli';
import { tesseraApp } from '${toRoot}/tools/federation/rspack-app.mjs';

// The container name is the one the registry gave the remote ${key} (docs/module-teams.md): a release
// whose manifest names another container is refused.
export default defineConfig(
  tesseraApp({
    name: '${container}',
    title: 'Tessera ${name} (standalone)',
    devPort: Number(process.env.PORT ?? 4300),
    exposes: { './${key}': './src/modules/${key}.tsx' },
  }),
);
`,
    'public/index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tessera ${name} (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
    'src/env.d.ts': `declare module '*.mjs';\n`,
    'src/index.ts': `// Async boundary: the shared singletons are negotiated before anything imports React.
import('./bootstrap');
`,
    'src/bootstrap.tsx': `import { StandaloneRemoteApp } from '@tessera/auth';
import { registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import ${component} from './modules/${key}';

registerReactInstance(React);

// The remote on its own (npm run dev): sign in against the API and open the module.
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(<StandaloneRemoteApp title="Tessera ${name}" modules={{ '${key}': ${component} }} />);
`,
    [`src/modules/${key}.tsx`]: `import { PermissionGate, useAccess, useInstitution } from '@tessera/auth';
import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import { useModuleCatalogue } from '@tessera/data-access/hooks';
import { Card, EmptyState, type FrameSubmodule, ModuleFrame, registerReactInstance, Spinner } from '@tessera/ui';
import * as React from 'react';
import { workspaceLine } from './workspace-line';

registerReactInstance(React);

/** One submodule's screen: replace it with the team's own. */
function SubmoduleScreen({ submodule, moduleId }: { submodule: FrameSubmodule; moduleId: string }) {
  const { access } = useAccess();
  return (
    <Card>
      <p>
        {submodule.name}: your level here is {access.access_control[moduleId] ?? 'none'}.
      </p>
    </Card>
  );
}

/**
 * The ${name} module (exposed as \`./${key}\`). Its name and submodules come from the registry, so
 * renaming them in the platform console needs no new release.
 */
export default function ${component}({ moduleId, basePath }: RemoteModuleProps) {
  const { findModule, isPending } = useModuleCatalogue();
  const { currentInstitution } = useInstitution();
  const module = findModule(moduleId);
  if (isPending) return <Spinner label="Loading ${name}" block />;
  if (!module) return <EmptyState title="${name} is not registered" description="Register the remote ${key} first." />;
  return (
    <PermissionGate
      moduleId={moduleId}
      fallback={<EmptyState title={\`\${module.name} is not available to you\`} description="Ask an administrator for access." />}
    >
      <ModuleFrame
        module={module}
        basePath={basePath}
        intro={<p>{workspaceLine(module.name, currentInstitution?.name)}</p>}
        renderSubmodule={(submodule) => <SubmoduleScreen submodule={submodule} moduleId={moduleId} />}
      />
    </PermissionGate>
  );
}
`,
    'src/modules/workspace-line.ts': `/** The line under the module's title: where the person works. */
export function workspaceLine(moduleName: string, institutionName: string | undefined): string {
  return institutionName ? \`\${moduleName} of \${institutionName}\` : moduleName;
}
`,
    'src/modules/workspace-line.test.ts': `import { workspaceLine } from './workspace-line';

describe('workspaceLine', () => {
  it('names the institution the module is opened in', () => {
    expect(workspaceLine('${name}', 'Acme Corporation')).toBe('${name} of Acme Corporation');
    expect(workspaceLine('${name}', undefined)).toBe('${name}');
  });
});
`,
    'README.md': `# ${name} remote (\`${key}\`)

Generated by \`npm run new:module -- ${key}\`. The guide is [docs/module-teams.md](${toRoot}/docs/module-teams.md).

| | |
|---|---|
| registry key | \`${key}\` |
| container name | \`${container}\` (the registry refuses a release with another) |
| exposes | \`./${key}\` → \`src/modules/${key}.tsx\`, default export \`(props: { moduleId, basePath })\` |

1. A super admin registers the remote (console, or \`POST /api/platform/remotes\` with
   \`{ "key": "${key}", "name": "${name}", "modules": [{ "id": "${key}", "name": "${name}", "category": "Core Business", "submodules": [] }] }\`)
   and creates a deploy token for it (\`POST /api/platform/remotes/${key}/deploy-tokens\`): keep it as a CI secret.
2. \`npm run build -w ${relative(root, join(root, 'apps'))}/${key}-remote\` (or \`npx rspack build --mode production\` here), \`npm test\` here.
3. \`TESSERA_URL=https://… TESSERA_DEPLOY_TOKEN=… npm run publish:remote -- ${key} --no-build\` from the repository root.
4. An institution sees the module once it is enabled for it (console, within its plan).

Shared with the host (one copy in the page, never bundle your own): react, react-dom, react-router-dom,
@tanstack/react-query, styled-components, @tessera/ui, @tessera/auth, @tessera/data-access.
`,
  };
}

function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`new:module: ${error.message}`);
    process.exit(1);
  }
  const target = join(options.dir, `${options.key}-remote`);
  if (existsSync(target)) {
    console.error(`new:module: ${target} exists already`);
    process.exit(1);
  }
  const toRoot = relative(target, root).split('\\').join('/') || '.';
  for (const [path, content] of Object.entries(remoteFiles({ ...options, toRoot }))) {
    const file = join(target, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  console.log(`Generated ${relative(root, target)} (container ${remoteContainerName(options.key)}).`);
  console.log('Next: register it, create a deploy token, build, publish: docs/module-teams.md');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
