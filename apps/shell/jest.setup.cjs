// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads at import time.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextDecoder, TextEncoder });
