// Zod parses without compiling parsers by `new Function`: the Content-Security-Policy allows no
// eval, and zod's probe for it (caught, yet still a blocked eval) would be reported as a policy
// violation. Zod reads this shared configuration object when its schemas are built, so it is set
// here, before the app's bundle runs (its chunks build schemas as they load).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
