#!/usr/bin/env node
// `npm test`: lint + format check, import boundaries (tools/lint), type checks, unit and API tests
// (real PostgreSQL), production builds, then Playwright in Chromium against the production build on a fresh database, then the
// scale-out test (two API processes behind nginx: tools/scale/run.mjs).
// Ends with one line: `Summary: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const packageDirs = ['apps', 'libs'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)),
);
const skipE2e = process.argv.includes('--skip-e2e');

const stages = [];
function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${[command, ...args].map((part) => part.replace(root, '.')).join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

// Stale results from an earlier run must not be counted. Tests are never taken from Nx's cache (nx.json):
// API and browser tests depend on more than their files (PostgreSQL, the machine), and a run that
// replays old results proves nothing. Type checks and builds are cached: they depend on files only.
for (const dir of packageDirs) rmSync(join(dir, '.test-results'), { recursive: true, force: true });
const e2eResults = join(root, 'tools', 'e2e', '.test-results', 'results.json');
rmSync(e2eResults, { force: true });
const scaleResults = join(root, 'tools', 'scale', '.test-results', 'results.json');
rmSync(scaleResults, { force: true });

run('lint and format', bin('biome'), ['check', '.']);
run('import boundaries', process.execPath, ['tools/lint/check-boundaries.mjs']);
run('import boundary checker tests', process.execPath, ['--test', 'tools/lint/']);
run('type checks', bin('nx'), ['run-many', '-t', 'typecheck', '--output-style=static']);
run('unit and API tests', bin('nx'), ['run-many', '-t', 'test', '--output-style=static']);
const built = run('production builds', bin('nx'), ['run-many', '-t', 'build', '--output-style=static']);
if (built && !skipE2e) {
  run('end-to-end (Playwright, Chromium)', bin('playwright'), [
    'test',
    '-c',
    'tools/e2e/playwright.config.ts',
  ]);
  run('scale-out (two API processes behind nginx)', process.execPath, ['tools/scale/run.mjs']);
}

let passed = 0;
let failed = 0;
const counts = [];
const unitNotes = [];
for (const dir of packageDirs) {
  const file = join(dir, '.test-results', 'jest.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that failed to run has no test results but counts as a failure.
  const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenSuites;
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${root}/`, '');
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed')
      unitNotes.push(`FAILED ${where} (did not run)`);
    for (const assertion of file.assertionResults ?? []) {
      if (assertion.status === 'failed') unitNotes.push(`FAILED ${where} › ${assertion.fullName}`);
    }
  }
  counts.push(
    `${dir.replace(`${root}/`, '')}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenSuites} failed`,
  );
}
// CI keeps only the tail of the output: name the journeys that failed (or passed only on their retry) down there.
const e2eNotes = [];
const e2eDurations = [];
function noteE2eOutcomes(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const child of suite.suites ?? []) noteE2eOutcomes(child, path);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const first = test.results?.[0];
      if (first) e2eDurations.push(first.duration);
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const firstError = test.results
        .flatMap((result) => result.errors ?? [])
        .map((error) => (error.message ?? '').split('\n')[0])
        .find(Boolean);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colours of Playwright's messages
      const message = (firstError ?? '').replace(/\u001b\[[0-9;]*m/g, '').slice(0, 200);
      e2eNotes.push(
        `${test.status === 'flaky' ? 'flaky ' : 'FAILED'} ${[...path, spec.title].join(' › ')}:${spec.line}${message ? ` — ${message}` : ''}`,
      );
    }
  }
}
if (existsSync(e2eResults)) {
  const report = JSON.parse(readFileSync(e2eResults, 'utf8'));
  const { stats } = report;
  for (const suite of report.suites ?? []) noteE2eOutcomes(suite);
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  counts.push(
    `e2e: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`,
  );
}
if (existsSync(scaleResults)) {
  const scale = JSON.parse(readFileSync(scaleResults, 'utf8'));
  passed += scale.passed;
  failed += scale.failed;
  counts.push(`scale-out: ${scale.passed} passed, ${scale.failed} failed`);
}

console.log('\nStages:');
for (const stage of stages) console.log(`  ${stage.ok ? 'ok  ' : 'FAIL'} ${stage.name} (${stage.seconds}s)`);
console.log('Tests:');
for (const line of counts) console.log(`  ${line}`);
if (unitNotes.length > 0) {
  console.log('Unit and API tests that failed:');
  for (const line of unitNotes) console.log(`  ${line}`);
}
if (e2eNotes.length > 0) {
  console.log('E2E journeys that failed or passed only on retry:');
  for (const line of e2eNotes) console.log(`  ${line}`);
}
// CI runs on machines whose speed differs several times over: say what this one was, beside the times.
function machineLine() {
  let shm = 'no /dev/shm';
  try {
    const fs = statfsSync('/dev/shm');
    shm = `${Math.round((fs.bsize * fs.blocks) / 2 ** 20)} MB /dev/shm`;
  } catch {
    // not Linux
  }
  const sorted = [...e2eDurations].sort((a, b) => a - b);
  const median =
    sorted.length > 0
      ? `, e2e journey median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(1)} s`
      : '';
  return `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, ${shm}${median}`;
}
console.log(machineLine());
const stageFailures = stages.filter((stage) => !stage.ok).length;
// A stage that failed without failing tests (lint, types, build) still fails the run.
console.log(`Summary: ${passed} passed, ${failed + (failed === 0 ? stageFailures : 0)} failed`);
process.exit(stageFailures > 0 || failed > 0 ? 1 : 0);
