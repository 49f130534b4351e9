import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { agreesAt, type AgreementLevel, codingAt } from '@og/shared/domain/reliability/agreement';
import { csvFile } from '@og/shared/domain/csv-writer';
import { isSchemeId } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import type { DoubleCodedRow } from '../db/queries/second-opinions.js';
import type { PredictionSetRow } from '../db/queries/prediction-sets.js';
import { mappingTool, metadataValue, tsvCell } from '../links/sssom-facts.js';
import { firstChangedSince, readDoubleCoding } from './second-opinions.js';

/**
 * A set's double coding as files (issue 30): CSV, one row per double-coded entry with both
 * reviewers' codes, their agreement at each level, whether its mapping changed since it was
 * offered, and the decision; SSSOM/TSV, one mapping per
 * reviewer's coding of an entry (its title the subject, each code an object), reviewed
 * (`semapv:MappingReview`) by that reviewer.
 */

export interface AgreementFile {
  body: string;
  contentType: string;
  fileName: string;
}

const codes = (uris: readonly string[]) => codingAt(uris, { cut: (uri) => uri });
const firstCodes = (row: DoubleCodedRow) => [...row.first_node_uris, ...row.first_prediction_uris];
const secondCodes = (row: DoubleCodedRow) => [...row.second_node_uris, ...row.second_prediction_uris];
const levelColumn = (level: AgreementLevel) => `agree_${level.name.replace(/ \(whole code\)$/, '').replace(/\s+/g, '_')}`;

export async function agreementCsv(app: Pick<AppContext, 'db' | 'schemes'>, set: PredictionSetRow): Promise<AgreementFile> {
  const report = await readDoubleCoding(app, set);
  const levels = report.levels;
  const header = ['string', 'first_reviewer', 'first_codes', 'second_reviewer', 'second_codes', ...levels.map(levelColumn), 'first_changed_since', 'decision', 'decided_by', 'decided_at'];
  const rows = report.rows.map((row) => {
    const coding = { first: { reviewer: '', uris: firstCodes(row) }, second: { reviewer: '', uris: secondCodes(row) } };
    return [
      row.string,
      row.first_name ?? row.first_reviewer,
      codes(coding.first.uris),
      row.second_name ?? row.second_reviewer,
      codes(coding.second.uris),
      ...levels.map((level) => (agreesAt(coding, level) ? 'yes' : 'no')),
      firstChangedSince(row) ? 'yes' : 'no',
      row.decision_uris ? codes(row.decision_uris) : null,
      row.decider_name ?? row.decided_by,
      row.decided_at?.toISOString() ?? null,
    ];
  });
  return { body: csvFile(header, rows, { bom: true }), contentType: 'text/csv; charset=utf-8', fileName: `${set.slug}-agreement.csv` };
}

const sssomColumns = ['subject_id', 'subject_label', 'predicate_id', 'object_id', 'mapping_justification', 'reviewer_id', 'reviewer_label', 'mapping_date'] as const;

export async function agreementSssom(app: Pick<AppContext, 'db' | 'schemes'>, set: PredictionSetRow): Promise<AgreementFile> {
  const report = await readDoubleCoding(app, set);
  const iris = app.schemes.iris;
  const schemes = new Set(report.rows.flatMap((row) => [...firstCodes(row), ...secondCodes(row)].map((uri) => splitPredictionUri(uri).scheme)));
  const entryPrefix = `${iris.baseIri}prediction-sets/${set.id}/entries/`;
  const header = [
    '# curie_map:',
    `#   ogentry: ${entryPrefix}`,
    `#   oguser: ${iris.baseIri}user/`,
    ...[...schemes].filter(isSchemeId).sort().map((scheme) => `#   ${scheme}: ${iris.codePrefix(scheme)}`),
    '#   semapv: https://w3id.org/semapv/vocab/',
    '#   skos: http://www.w3.org/2004/02/skos/core#',
    `# mapping_set_id: ${metadataValue(`${iris.baseIri}prediction-sets/${set.id}/agreement`)}`,
    `# mapping_set_title: ${metadataValue(`${set.name}: double coding`)}`,
    `# mapping_tool: ${mappingTool}`,
    sssomColumns.join('\t'),
  ];
  const lines: string[] = [];
  for (const row of report.rows) {
    const codings = [
      { reviewer: row.first_reviewer, name: row.first_name, uris: firstCodes(row), at: row.first_mapped_at },
      { reviewer: row.second_reviewer, name: row.second_name, uris: secondCodes(row), at: row.answered_at },
    ];
    for (const coding of codings) {
      for (const uri of [...new Set(coding.uris)].sort()) {
        const cells: Record<(typeof sssomColumns)[number], string> = {
          subject_id: `ogentry:${encodeURIComponent(row.string)}`,
          subject_label: tsvCell(row.string),
          predicate_id: 'skos:closeMatch',
          object_id: uri,
          mapping_justification: 'semapv:MappingReview',
          reviewer_id: coding.reviewer ? `oguser:${coding.reviewer}` : '',
          reviewer_label: tsvCell(coding.name ?? ''),
          mapping_date: coding.at ? coding.at.toISOString().slice(0, 10) : '',
        };
        lines.push(sssomColumns.map((column) => cells[column]).join('\t'));
      }
    }
  }
  return { body: `${[...header, ...lines].join('\n')}\n`, contentType: 'text/tab-separated-values; charset=utf-8', fileName: `${set.slug}-agreement.sssom.tsv` };
}
