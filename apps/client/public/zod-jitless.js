// PROBLEM: zod 4 probes whether it may compile parsers with `Function(...)` as soon as an object schema
// is built (at module load, before any app code could configure it); under the server's
// Content-Security-Policy (no 'unsafe-eval') the refused probe is reported as a violation on every page.
// SOLUTION: zod reads its configuration from this global, created only if absent; a classic script runs
// before the app's module scripts, so `jitless` is set before zod loads and the probe never runs (zod
// falls back to the same interpreted parsing it uses when the probe fails).
// WHEN TO REMOVE: when zod no longer probes at schema construction (or exposes a build-time switch).
(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;
