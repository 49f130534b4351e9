// Module resolution hooks (they run on the loader's own thread): append each resolved URL to a file.
import fs from 'node:fs';

const file = process.env.OG_TRACE_IMPORTS;

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (file) fs.appendFileSync(file, `${result.url}\n`);
  return result;
}
