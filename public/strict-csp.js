// Runs before the console's modules (a classic script in index.html's head). The Content-Security-Policy allows no
// eval (src/server/plugins/security-headers.ts); zod, which parses every API answer, compiles object parsers with
// `new Function` and probes for it as soon as a schema is created. The probe's error is caught, but the browser
// still reports a violation. zod reads its settings from this global (shared by every copy of zod), so jitless set
// here, before the first schema exists, turns the probe off. No bundle order can guarantee that from inside a module.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
