/**
 * The languages of a dataset's titles, when its metadata names a language column
 * (`metadata.languageColumn`; `metadata.language`, the dataset's one language, needs no table):
 * per title, each value the column gave it as written (a code, a name, or anything else) and on
 * how many rows. The values are read as languages when they are used (shared/src/domain/
 * languages.ts), so an unknown one stays visible as what it was. The ingest job fills it in the
 * transaction that marks the dataset ready; deleting the dataset deletes its rows.
 */
export const up = /* sql */ `
CREATE TABLE dataset_title_languages (
  dataset_id  uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  title       text COLLATE "C" NOT NULL,
  value       text COLLATE "C" NOT NULL,
  occurrences bigint NOT NULL CHECK (occurrences > 0),
  PRIMARY KEY (dataset_id, title, value)
);
`;
