// How the journeys (playwright.config.ts) and the bench (tools/bench/browser.mjs) start Chromium:
// the machine's own browser (CHROMIUM_PATH), with the flags a container needs. CommonJS, so that
// the TypeScript config and the plain-Node bench both load it as it is.
exports.CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // Shared memory in /tmp, not /dev/shm: a container's /dev/shm may be 64 MB, too small for two browsers
    // (tabs that cannot open, scripts that never answer).
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
