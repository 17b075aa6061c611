#!/usr/bin/env node
// Publishes a remote's build to a running Tessera over HTTP (docs/module-teams.md):
//   npm run publish:remote -- <key> --url <base> --token <deploy token> [--version x.y.z] [--no-build] [--dir <dist>]
// TESSERA_URL and TESSERA_DEPLOY_TOKEN may replace --url and --token (a CI secret). The build's
// dist is sent as multipart/form-data, one part per file named by its path inside dist, to
// POST <base>/api/remotes/<key>/releases; the registry checks it and stores it in PostgreSQL, where
// every API process serves it at /remotes/<key>/v/<version>/. Without --version the registry picks
// the next patch version.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The built-in remotes live in folders of their own name; a generated one in apps/<key>-remote. */
const BUILT_IN_DIRS = { crm: 'crm-remote', industry: 'industry-remotes' };

function fail(message) {
  console.error(`publish:remote: ${message}`);
  process.exit(1);
}

/** `--name value` flags, `--flag` switches and one positional key. */
export function parseArguments(argv, env = process.env) {
  const options = { build: true };
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--no-build') options.build = false;
    else if (['--url', '--token', '--version', '--dir'].includes(arg)) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options[arg.slice(2)] = value;
      index += 1;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1)
    throw new Error(
      'name the remote to publish: npm run publish:remote -- <key> --url <base> --token <token>',
    );
  options.key = positional[0];
  options.url ??= env.TESSERA_URL?.trim() || undefined;
  options.token ??= env.TESSERA_DEPLOY_TOKEN?.trim() || undefined;
  if (!options.url)
    throw new Error(
      '--url (or TESSERA_URL) names the Tessera to publish to, e.g. https://tessera.example.com',
    );
  if (!options.token) throw new Error('--token (or TESSERA_DEPLOY_TOKEN) is the remote’s deploy token');
  return options;
}

function filesOf(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** Uploads a dist folder; resolves with the registry's answer or rejects with its reason. */
export async function publishDist({ url, token, key, version, dir }) {
  const form = new FormData();
  let bytes = 0;
  for (const path of filesOf(dir)) {
    const content = readFileSync(path);
    bytes += content.length;
    form.append(relative(dir, path).split(sep).join('/'), new Blob([content]), path.split(sep).pop());
  }
  const target = new URL(`/api/remotes/${encodeURIComponent(key)}/releases`, url);
  if (version) target.searchParams.set('version', version);
  const response = await fetch(target, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = Array.isArray(answer.message) ? answer.message.join('; ') : answer.message;
    throw new Error(`${response.status}: ${message ?? response.statusText}`);
  }
  return { ...answer, uploaded_bytes: bytes };
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    fail(error.message);
  }
  const app = BUILT_IN_DIRS[options.key] ?? `${options.key}-remote`;
  const dir = resolve(options.dir ?? join(root, 'apps', app, 'dist'));
  if (options.build && !options.dir) {
    if (!existsSync(join(root, 'apps', app, 'package.json')))
      fail(`apps/${app} does not exist: pass --dir <dist> or --no-build`);
    console.log(`Building ${app} …`);
    const build = spawnSync('npm', ['run', 'build', '-w', `apps/${app}`], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) fail(`the build of ${app} failed`);
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    fail(`${dir} is not a folder: build the remote first`);
  if (!existsSync(join(dir, 'mf-manifest.json')))
    fail(`${dir} has no mf-manifest.json: build the remote with manifest: true`);
  const started = performance.now();
  try {
    const release = await publishDist({ ...options, dir });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `Published ${release.remote} ${release.version}: ${release.files} files, ${(release.bytes / 1e6).toFixed(2)} MB (${(release.new_bytes / 1e6).toFixed(2)} MB new) in ${seconds} s`,
    );
    console.log(`Served at ${new URL(release.manifest_url, options.url).href}`);
  } catch (error) {
    fail(`the registry refused the release: ${error.message}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
