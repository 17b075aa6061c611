#!/usr/bin/env node
// Import boundaries of the workspace, checked on every `npm test` and `npm run lint`
// (docs/adr/0012-import-boundaries.md says why these and not others):
//
// 1. apps never import apps, by package name or by a relative path;
// 2. libs never import apps;
// 3. a remote never imports the shell (a special case of 1, with its own message);
// 4. the workspace's own layers: the API uses only `@tessera/data-access/contracts` (and `/demo-data` for seeds); libs/ui and
//    libs/data-access import no other workspace package; libs/auth imports data-access and ui;
// 5. feature folders: in a front-end app, `src/<feature>/` imports only its own files, the app's
//    `shared/` folder and libraries; composition folders (the app's entry, routes and pages made of
//    several features) may import features. In the API a domain (`src/<domain>/`) may use another
//    domain's public surface — its Nest module, services, entities, guards and DTOs (response bodies too), which Nest
//    modules share through dependency injection — but not its other files. Tests are exempt from 5:
//    a test may set up fixtures with another feature's code.
//
// Biome's noRestrictedImports (biome.json) catches rules 1–3 for package names in the editor; this
// script is the complete check. Known exceptions live in boundaries-allowlist.json, each with its
// reason; an entry that no longer matches anything is reported so the list only shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const APPS = ['api', 'shell', 'crm-remote', 'industry-remotes'];
const REMOTES = ['crm-remote', 'industry-remotes'];

/** Workspace packages each lib may import (besides itself). */
const LIB_DEPENDENCIES = { ui: [], 'data-access': [], auth: ['data-access', 'ui'] };

/** How each app's `src/` is cut into features. */
export const APP_LAYOUT = {
  shell: {
    shared: ['shared'],
    // app/: the routes; layout/: the signed-in frame made of header, sidebar and notices.
    composition: ['app', 'layout'],
  },
  'crm-remote': {
    shared: ['shared'],
    // modules/: the exposed entries; crm-page/: the Enhanced CRM page and its tabs; sales/: the
    // Sales module, made of CRM screens; overview/: the Overview tab, made of other features'
    // widgets; standalone/: the remote run on its own.
    composition: ['modules', 'standalone', 'crm-page', 'sales', 'overview'],
  },
  'industry-remotes': {
    shared: ['shared'],
    composition: ['modules', 'standalone'],
  },
  api: {
    // Infrastructure every domain builds on: no feature rule applies to or inside them.
    shared: [
      'common',
      'config',
      'database',
      'test',
      'access',
      'jobs',
      'mail',
      'imports',
      'operations',
      'live-updates',
      'security',
    ],
    // database/: the list of every migration and demo seeder.
    composition: ['database'],
    // Response bodies (`*.responses`, `*.body`) are the DTOs of the answers: public like the request DTOs.
    publicSurface: /(\.module|\.service|\.entity|\.guard|\.dto|\.decorator|\.responses|\.body)$|(^|\/)dto\//,
  },
};

const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const TEST = /\.(test|spec|e2e-spec)\.(ts|tsx|mjs|js)$/;
const SPECIFIERS = [
  /(?:^|[;\n}])\s*(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a source file imports or re-exports. */
export function importsOf(source) {
  const found = new Set();
  for (const pattern of SPECIFIERS) for (const match of source.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

function posix(path) {
  return path.split(sep).join('/');
}

function sourceFiles(root, dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(join(root, dir));
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Where a workspace path lives: its kind (app or lib), package, and top folder under src/. */
function placeOf(path) {
  const match = path.match(/^(apps|libs)\/([^/]+)(?:\/src\/([^/]+)(\/.*)?)?/);
  if (!match) return null;
  const [, group, name, top, rest] = match;
  return { kind: group === 'apps' ? 'app' : 'lib', name, top: rest ? top : null, inSrc: Boolean(top) };
}

function packageOf(specifier) {
  const match = specifier.match(/^@tessera\/([^/]+)(?:\/(.*))?$/);
  return match ? { name: match[1], entry: match[2] ?? null } : null;
}

/** The boundary a single import crosses, or null. `from` and `to` are workspace-relative paths. */
export function violationOf(from, specifier, layout = APP_LAYOUT) {
  const source = placeOf(from);
  if (!source) return null;
  const pkg = packageOf(specifier);
  const target = specifier.startsWith('.') ? posix(join(dirname(from), specifier)) : null;
  const targetPlace = target ? placeOf(target) : null;

  const importedApp =
    (pkg && APPS.includes(pkg.name) && pkg.name) ||
    (targetPlace?.kind === 'app' && targetPlace.name !== source.name && targetPlace.name) ||
    (targetPlace?.kind === 'app' && source.kind === 'lib' && targetPlace.name) ||
    null;
  if (importedApp && !(source.kind === 'app' && importedApp === source.name)) {
    if (source.kind === 'lib') return `libs never import apps (${source.name} imports ${importedApp})`;
    if (REMOTES.includes(source.name) && importedApp === 'shell') return 'a remote never imports the shell';
    return `apps never import apps (${source.name} imports ${importedApp})`;
  }
  if (
    pkg &&
    source.kind === 'app' &&
    source.name === 'api' &&
    !(pkg.name === 'data-access' && (pkg.entry === 'contracts' || pkg.entry === 'demo-data'))
  )
    return `the API imports only @tessera/data-access/contracts (and its demo-data, for seeds) of the workspace (not ${specifier})`;
  if (
    pkg &&
    source.kind === 'lib' &&
    pkg.name !== source.name &&
    !LIB_DEPENDENCIES[source.name]?.includes(pkg.name)
  )
    return `libs/${source.name} may not import @tessera/${pkg.name}`;

  // Feature folders.
  if (!target || source.kind !== 'app' || !targetPlace || targetPlace.name !== source.name) return null;
  const rules = layout[source.name];
  if (!rules || TEST.test(from)) return null;
  const { top: fromTop } = source;
  const { top: toTop } = targetPlace;
  if (!fromTop || !toTop || fromTop === toTop) return null;
  if (rules.shared.includes(toTop)) return null;
  if (rules.composition.includes(fromTop)) return null;
  if (rules.publicSurface) {
    const inside = target.slice(`apps/${source.name}/src/${toTop}/`.length);
    if (rules.publicSurface.test(inside)) return null;
    return `apps/${source.name}/src/${fromTop} reaches into ${toTop}'s internals (use its module, services, entities, guards or DTOs)`;
  }
  if (rules.shared.includes(fromTop))
    return `shared code imports only shared code and libraries (shared imports the ${toTop} feature)`;
  return `feature ${fromTop} imports the ${toTop} feature; move what both need to src/shared/`;
}

/** Every boundary violation under root (apps/* and libs/*). */
export function findViolations(root) {
  const violations = [];
  for (const group of ['apps', 'libs']) {
    let packages;
    try {
      packages = readdirSync(join(root, group));
    } catch {
      continue;
    }
    for (const name of packages) {
      for (const file of sourceFiles(root, `${group}/${name}/src`)) {
        for (const specifier of importsOf(readFileSync(join(root, file), 'utf8'))) {
          const rule = violationOf(file, specifier);
          if (rule) violations.push({ file, import: specifier, rule });
        }
      }
    }
  }
  return violations;
}

/** Splits violations into those the allowlist accepts and the rest; also names unused entries. */
export function applyAllowlist(violations, allowlist) {
  const used = new Set();
  const remaining = violations.filter((violation) => {
    const index = allowlist.findIndex(
      (entry) => entry.file === violation.file && entry.import === violation.import,
    );
    if (index === -1) return true;
    used.add(index);
    return false;
  });
  const stale = allowlist.filter((_, index) => !used.has(index));
  return { remaining, stale };
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = process.argv[2] ?? join(here, '..', '..');
  const allowlist = JSON.parse(readFileSync(join(here, 'boundaries-allowlist.json'), 'utf8')).allowed;
  const { remaining, stale } = applyAllowlist(findViolations(root), allowlist);
  for (const entry of stale)
    console.warn(`boundaries: allowlist entry no longer needed: ${entry.file} → ${entry.import}`);
  for (const violation of remaining)
    console.error(`${violation.file}: import '${violation.import}': ${violation.rule}`);
  if (remaining.length > 0) {
    console.error(
      `\n${remaining.length} import boundary violation(s). Fix them, or add an entry with its reason to ${relative(root, join(here, 'boundaries-allowlist.json'))}.`,
    );
    process.exit(1);
  }
  console.log(`boundaries: ok (${allowlist.length - stale.length} allowed exceptions)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
