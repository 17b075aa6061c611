#!/usr/bin/env node
// Publishes a remote's build as a new version (docs/product/platform-console.md#remote-versions-and-canaries):
//   npm run publish:remote -- crm [--version 1.2.0] [--no-build]
// Builds the remote (unless --no-build), copies its dist to
// <REMOTE_RELEASES_DIR or <DATA_DIR or .data>/remotes>/<remote>/<version>/ with a release.json, and
// the API serves it at /remotes/<remote>/v/<version>/. The registry answers the latest published
// version to every institution, except those pinned to another one in the platform console.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = { crm: 'crm-remote', industry: 'industry-remotes' };
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

function fail(message) {
  console.error(`publish:remote: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const key = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--version');
if (!key || !(key in REMOTES)) fail(`name the remote to publish: ${Object.keys(REMOTES).join(' or ')}`);
const versionIndex = args.indexOf('--version');
const requested = versionIndex >= 0 ? args[versionIndex + 1] : undefined;
if (versionIndex >= 0 && (!requested || !VERSION.test(requested)))
  fail('--version needs a version such as 1.2.0');

const app = REMOTES[key];
const releasesRoot = resolve(
  process.env.REMOTE_RELEASES_DIR?.trim() ||
    join(resolve(process.env.DATA_DIR ?? join(root, '.data')), 'remotes'),
);
const source = resolve(process.env.REMOTE_SOURCE_DIR?.trim() || join(root, 'apps', app, 'dist'));

if (!args.includes('--no-build')) {
  console.log(`Building ${app} …`);
  const build = spawnSync('npm', ['run', 'build', '-w', `apps/${app}`], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail(`the build of ${app} failed`);
}
if (!existsSync(join(source, 'mf-manifest.json')))
  fail(`${source} has no mf-manifest.json: build ${app} first`);

const remoteDir = join(releasesRoot, key);
mkdirSync(remoteDir, { recursive: true });

/** The next patch version after the highest published one (1.0.0 first). */
function nextVersion() {
  const published = readdirSync(remoteDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+\.\d+\.\d+$/.test(entry.name))
    .map((entry) => entry.name.split('.').map(Number))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const highest = published.at(-1);
  return highest ? `${highest[0]}.${highest[1]}.${highest[2] + 1}` : '1.0.0';
}

const version = requested ?? nextVersion();
const target = join(remoteDir, version);
if (existsSync(target)) fail(`${key} ${version} is already published; versions are immutable`);

// Copy into a temporary folder and rename it into place: the API never sees half a version.
const staging = join(remoteDir, `.staging-${version}-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
cpSync(source, staging, { recursive: true });
const release = { remote: key, version, published_at: new Date().toISOString(), source: app };
writeFileSync(join(staging, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
renameSync(staging, target);

console.log(`Published ${key} ${version} → ${target}`);
console.log(`Served at /remotes/${key}/v/${version}/mf-manifest.json`);
