import crypto from 'node:crypto';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeImportFormat } from '@og/shared/contracts/schemes';
import { type SchemeId, schemeById } from '@og/shared/domain/schemes';
import type { JobProgressOf } from '@og/shared/jobs/job-kinds';
import { appendAudit } from '../db/queries/audit-log.js';
import { ntriple } from '../sparql/sparql-builder.js';
import type { SchemeContext } from './scheme-context.js';
import { type ImportedCode, type ImportProblem, parseSchemeCsv, parseSchemeTurtle, validateSchemeCodes } from './scheme-file.js';
import { valueForCode } from './scheme-iris.js';
import { withSchemeLock } from './scheme-lock.js';
import { codeTriples, schemeTriples } from './scheme-queries.js';

export interface SchemeImportResult {
  codes: number;
  added: number;
  kept: number;
  removed: number;
}

/** An import refused because the file is invalid: the message lists the first problems by line. */
export class InvalidSchemeFileError extends AppError {
  constructor(readonly problems: ImportProblem[]) {
    const shown = problems.slice(0, 10).map((problem) => problem.message);
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
    super('validation_failed', `The file was not imported: ${shown.join('; ')}${more}`, { problems });
  }
}

/** The codes of a scheme file, read and validated whole; an invalid file throws InvalidSchemeFileError. */
export function parseSchemeFile(text: string, format: SchemeImportFormat): ImportedCode[] {
  const parsed = format === 'csv' ? parseSchemeCsv(text) : parseSchemeTurtle(text);
  const problems = parsed.problems.length ? parsed.problems : validateSchemeCodes(parsed.codes);
  if (problems.length) throw new InvalidSchemeFileError(problems);
  return parsed.codes;
}

/**
 * Imports a scheme file (CSV `code,label,parent,description` or SKOS Turtle): validates all of
 * it first (an invalid file changes nothing), then replaces the scheme's graph in one swap.
 * A code already in the scheme keeps its IRI (matched by its code string), so links to it survive.
 */
export async function importScheme(
  schemes: SchemeContext,
  options: { scheme: SchemeId; text: string; format: SchemeImportFormat; actorId: string | null; report?: (progress: JobProgressOf<'scheme.import'>) => Promise<void> },
): Promise<SchemeImportResult> {
  const { scheme } = options;
  const report = options.report ?? (async () => undefined);
  await report({ phase: 'validating', done: 0, total: null, unit: 'codes' });
  const codes = parseSchemeFile(options.text, options.format);

  return withSchemeLock(schemes, scheme, async () => {
    const existing = await schemes.repository.readCodes(scheme);
    const valueByLabel = new Map(Object.values(existing).map((record) => [record.label, record.value]));
    const valueByCode = new Map<string, string>();
    const taken = new Set<string>();
    for (const code of codes) {
      let value = valueByLabel.get(code.code) ?? valueForCode(code.code);
      // A fresh value that an existing code (renamed since) already uses gets a UUID instead.
      if (taken.has(value) || (!valueByLabel.has(code.code) && existing[value])) value = crypto.randomUUID();
      taken.add(value);
      valueByCode.set(code.code, value);
    }

    const lines = schemeTriples(schemes.iris, scheme, schemeById(scheme).label).map(([s, p, o]) => ntriple(s, p, o));
    let done = 0;
    for (const code of codes) {
      const value = valueByCode.get(code.code)!;
      const parentIri = code.parent === undefined ? undefined : schemes.iris.code(scheme, valueByCode.get(code.parent)!);
      const fields = { name: code.name, label: code.code, description: code.description, parentIri };
      for (const [s, p, o] of codeTriples(schemes.iris, scheme, schemes.iris.code(scheme, value), fields)) lines.push(ntriple(s, p, o));
      if (++done % 1_000 === 0) await report({ phase: 'preparing', done, total: codes.length, unit: 'codes' });
    }
    await report({ phase: 'writing', done: codes.length, total: codes.length, unit: 'codes' });
    await schemes.store.loadGraph(schemes.iris.graph(scheme), lines.join('\n') + '\n', { replace: true });
    await schemes.revisions.bump(scheme);

    const kept = codes.filter((code) => valueByLabel.has(code.code)).length;
    const result = { codes: codes.length, added: codes.length - kept, kept, removed: Object.keys(existing).length - kept };
    await appendAudit(schemes.db, { actorId: options.actorId, action: 'scheme.import', scheme, subject: schemes.iris.scheme(scheme), before: null, after: result });
    await report({ phase: 'done', done: codes.length, total: codes.length, unit: 'codes' });
    return result;
  });
}
