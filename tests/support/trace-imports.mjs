// Loaded with `node --import` into a process under test: records the URL of every module the
// process resolves through the ESM loader, one a line, in the file named by OG_TRACE_IMPORTS.
import { register } from 'node:module';

register('./trace-imports-hooks.mjs', import.meta.url);
