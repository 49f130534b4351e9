import type { CodeLink, CodeRecord } from '@og/shared/contracts/schemes';
import { isSchemeId, type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import { eventLoopTurn } from '../lib/event-loop-turns.js';
import type { Bindings, TripleStore } from '../sparql/triple-store.js';
import { codeVersion } from './code-version.js';
import type { SchemeIris } from './scheme-iris.js';
import { selectCode, selectCodeNotations, selectCodes, selectLinkCounts, selectLinksOf } from './scheme-queries.js';

/** Reads codes and links of schemes from the triple store into the API's shapes. */
export class SchemeRepository {
  constructor(
    private readonly store: TripleStore,
    readonly iris: SchemeIris,
  ) {}

  private record(scheme: SchemeId, value: string, row: Bindings, linkCount: number): CodeRecord {
    const parentIri = row.broader?.value;
    const parent = parentIri === undefined ? undefined : (this.iris.valueOf(scheme, parentIri) ?? undefined);
    const description = row.description?.value || undefined;
    const fields = { name: row.name!.value, label: row.notation!.value, description, parent };
    return {
      value,
      name: fields.name,
      label: fields.label,
      ...(parent !== undefined ? { parent } : {}),
      ...(description !== undefined ? { description } : {}),
      linkCount,
      version: codeVersion(fields),
    };
  }

  /** Every code of a scheme by value, with its link count. */
  async readCodes(scheme: SchemeId): Promise<Record<string, CodeRecord>> {
    const [rows, counts] = await Promise.all([
      this.store.select(selectCodes(this.iris, scheme, { pageable: this.store.rowCapped })),
      this.store.select(selectLinkCounts(this.iris, scheme, { pageable: this.store.rowCapped })),
    ]);
    // The second answer's parse and the records below are each tens of milliseconds for a large
    // scheme: the event loop gets a turn between them.
    await eventLoopTurn();
    const linkCounts = new Map(counts.map((row) => [row.code!.value, Number(row.links!.value)]));
    const lookup: Record<string, CodeRecord> = {};
    for (const row of rows) {
      const value = this.iris.valueOf(scheme, row.code!.value);
      if (value === null || lookup[value]) continue; // a second name or notation: keep the first
      lookup[value] = this.record(scheme, value, row, linkCounts.get(row.code!.value) ?? 0);
    }
    return lookup;
  }

  /** Every code's notation by the code's value (a code's first notation, as {@link readCodes} keeps it). */
  async readNotations(scheme: SchemeId): Promise<Map<string, string>> {
    const rows = await this.store.select(selectCodeNotations(this.iris, scheme, { pageable: this.store.rowCapped }));
    const notations = new Map<string, string>();
    for (const row of rows) {
      const value = this.iris.valueOf(scheme, row.code!.value);
      if (value !== null && !notations.has(value)) notations.set(value, row.notation!.value);
    }
    return notations;
  }

  /** One code, or null when the scheme has no such code. */
  async readCode(scheme: SchemeId, value: string): Promise<CodeRecord | null> {
    const codeIri = this.iris.code(scheme, value);
    const rows = await this.store.select(selectCode(this.iris, scheme, codeIri));
    if (!rows[0]) return null;
    const links = await this.readLinks(scheme, value);
    return this.record(scheme, value, rows[0], links.length);
  }

  /** The links of one code to codes of other schemes. */
  async readLinks(scheme: SchemeId, value: string): Promise<CodeLink[]> {
    const rows = await this.store.select(selectLinksOf(this.iris.code(scheme, value)));
    const links: CodeLink[] = [];
    for (const row of rows) {
      const other = row.other!.value;
      const otherScheme = schemeIds.find((id) => other.startsWith(this.iris.codePrefix(id)));
      if (!otherScheme || otherScheme === scheme || !isSchemeId(otherScheme)) continue;
      links.push({
        scheme: otherScheme,
        value: this.iris.valueOf(otherScheme, other)!,
        name: row.name?.value ?? '',
        label: row.notation?.value ?? '',
        relation: row.relation!.value.replace(/.*#/, ''),
      });
    }
    return links;
  }
}
