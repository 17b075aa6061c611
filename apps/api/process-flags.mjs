// How the API's process is started in production: `node ${API_NODE_FLAGS} apps/api/dist/main.js`.
// One list for every launcher (npm start, the scale-out test, the bench), so they run the API alike.
//
// --max-semi-space-size=32: V8's young generation at up to 2 × 32 MB instead of 2 × 16 MB. Answers
// of list reads (50 deals, 25 leads) are short-lived but large; with 20 requests in flight a 16 MB
// semi-space fills before they are answered, so their rows survive a scavenge, are copied and
// promoted, and are collected at old-generation cost. Measured: 8–12 % less CPU per list request,
// about 60 MB more resident memory (docs/adr/0024-per-request-costs-3.md). The plain Nest app, with
// a far smaller heap, gains nothing from it.
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];
