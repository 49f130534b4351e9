/**
 * A child process for the durability tests: opens an EmbeddedStore in the given directory and
 * writes without pause, printing one line per acknowledged write, until it is killed.
 *
 *     node --import tsx tests/support/store-writer.ts <directory> [<first index>]
 *
 * Prints `open <pid>` once the store is open, then `ack <i>` after `update()` number i resolved
 * and, every tenth write, `load <i>` after a `loadGraph()` of 100 triples into graph `load/<i>`.
 */
import { createLogger } from '../../api/src/lib/log.js';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';
import { iri, literal, ntriple, sparql, toQueryText } from '../../api/src/sparql/sparql-builder.js';

const writerBase = 'https://og.test/durability/';

const [directory, firstText] = process.argv.slice(2);
if (!directory) {
  console.error('usage: store-writer.ts <directory> [<first index>]');
  process.exit(2);
}

const store = await EmbeddedStore.open({ directory, log: createLogger('silent') });
process.stdout.write(`open ${process.pid}\n`);

for (let index = Number(firstText ?? 0); ; index++) {
  if (index % 10 === 9) {
    const lines: string[] = [];
    for (let item = 0; item < 100; item++) lines.push(ntriple(iri(`${writerBase}load/${index}/${item}`), iri(`${writerBase}value`), literal(`load ${index} item ${item}`)));
    await store.loadGraph(`${writerBase}load/${index}`, `${lines.join('\n')}\n`, { replace: true });
    process.stdout.write(`load ${index}\n`);
  } else {
    await store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(`${writerBase}updates`)} { ${iri(`${writerBase}item/${index}`)} ${iri(`${writerBase}value`)} ${literal(`value ${index} "quoted" \n ✓`)} } }`));
    process.stdout.write(`ack ${index}\n`);
  }
}
