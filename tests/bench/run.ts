import os from 'node:os';
import { printTable } from './bench-table.js';
import { benchSchemes } from './scheme-bench.js';

/** `npm run bench`: every benchmark, as tables with ratios against baselines measured in the same run. */
async function main(): Promise<void> {
  console.log(`# Benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`);
  printTable('Schemes (embedded store)', await benchSchemes());
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
