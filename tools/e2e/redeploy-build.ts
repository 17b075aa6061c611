import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Where the second crm-remote build goes, beside the served web root, and its outcome file. */
export function redeployPaths(webRoot: string): { dist: string; outcome: string; log: string } {
  return {
    dist: join(webRoot, 'crm-remote-next', 'dist'),
    outcome: join(webRoot, 'crm-remote-next', 'outcome.json'),
    log: join(webRoot, 'crm-remote-next', 'build.log'),
  };
}

/**
 * Starts, without waiting, the crm-remote build that federation-redeploy.spec.ts deploys into the
 * running server: a real rspack build with its own label, made while the first journeys run, so
 * the journey itself only swaps the folder in and reloads. Its exit code and log end up in the
 * outcome file the journey waits for.
 */
export function startRedeployBuild(webRoot: string, label: string): ChildProcess {
  const paths = redeployPaths(webRoot);
  const log = openSync(paths.log, 'w');
  const build = spawn(
    join(root, 'node_modules', '.bin', 'rspack'),
    ['build', '--mode', 'production', '--output-path', paths.dist],
    {
      cwd: join(root, 'apps', 'crm-remote'),
      env: { ...process.env, TESSERA_BUILD_LABEL: label },
      stdio: ['ignore', log, log],
    },
  );
  build.once('exit', (code) => writeFileSync(paths.outcome, JSON.stringify({ code })));
  return build;
}
