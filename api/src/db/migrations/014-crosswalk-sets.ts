/**
 * Each crosswalk import is a set of links (`crosswalk_sets`): its name, file (and the file's
 * SHA-256 and how it was read, `reading`: the relation of rows that name none, the weight column,
 * the relation map and the justification asked for, so that the same file imported again into
 * the pair the same way adds nothing), the pair read from
 * `source_scheme` to `target_scheme`, its SSSOM `mapping_set_id`, licence, provenance (`origin`,
 * for a seeded crosswalk), who imported it and when, and what the import counted. A link made by a
 * set names it (`link_records.set_id`); a set taken back removes its links that no one made again
 * or confirmed since, clears the set of the others, then goes (`removed` counts the links taken
 * out so far, so that a removal retried half-way still says how many it took out).
 *
 * Imports made before sets become sets here, one per `link_records.source`
 * (`crosswalk.import:{job id}:{file name}`), with what their job run says of who, when and counts
 * (the links' own when the run is gone); their file's hash and reading are not known. The pair is the job's
 * input, or else read from the code IRIs (`{BASE_IRI}{scheme}/{value}`), as is the base of the
 * `mapping_set_id` minted for them.
 *
 * `link_records.set_id` has no foreign key: a key check per record would double the time of a
 * large import's records. Only a set's removal deletes a set, and it clears `set_id` of the links
 * it keeps in the same transaction (queries/crosswalk-sets.ts).
 */
export const up = /* sql */ `
CREATE TABLE crosswalk_sets (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id         text NOT NULL UNIQUE,
  name           text NOT NULL,
  file_name      text NOT NULL,
  source_scheme  text NOT NULL,
  target_scheme  text NOT NULL,
  mapping_set_id text NOT NULL,
  license        text,
  origin         text,
  file_sha256    text,
  reading        jsonb,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  imported       integer NOT NULL DEFAULT 0,
  already_present integer NOT NULL DEFAULT 0,
  refused        integer NOT NULL DEFAULT 0,
  removed        integer NOT NULL DEFAULT 0
);
CREATE INDEX crosswalk_sets_pair_idx ON crosswalk_sets (least(source_scheme, target_scheme), greatest(source_scheme, target_scheme));

ALTER TABLE link_records ADD COLUMN set_id uuid;
CREATE INDEX link_records_set_idx ON link_records (set_id) WHERE set_id IS NOT NULL;

WITH imports AS (
  SELECT source,
         split_part(source, ':', 2) AS job_id,
         substr(source, length(split_part(source, ':', 2)) + 19) AS file_name,
         count(*)::integer AS links,
         min(made_at) AS made_at,
         min(first_iri) AS first_iri,
         min(second_iri) AS second_iri
    FROM link_records
   WHERE source LIKE 'crosswalk.import:%:%'
   GROUP BY source
), minted AS (
  SELECT i.*, gen_random_uuid() AS id FROM imports i
)
INSERT INTO crosswalk_sets (id, job_id, name, file_name, source_scheme, target_scheme, mapping_set_id, created_by, created_at, imported, already_present, refused)
SELECT m.id, m.job_id, m.file_name, m.file_name,
       coalesce(j.input->>'source', regexp_replace(m.first_iri, '^.*/([^/]+)/[^/]*$', '\\1')),
       coalesce(j.input->>'target', regexp_replace(m.second_iri, '^.*/([^/]+)/[^/]*$', '\\1')),
       regexp_replace(m.first_iri, '[^/]+/[^/]*$', '') || 'crosswalk-sets/' || m.id,
       j.owner_id,
       coalesce(j.created_at, m.made_at),
       coalesce((j.result->>'imported')::integer, m.links),
       coalesce((j.result->>'alreadyPresent')::integer, 0),
       coalesce((j.result->>'refused')::integer, 0)
  FROM minted m LEFT JOIN job_runs j ON j.id = m.job_id
ON CONFLICT (job_id) DO NOTHING;

UPDATE link_records r SET set_id = s.id
  FROM crosswalk_sets s
 WHERE r.source = 'crosswalk.import:' || s.job_id || ':' || s.file_name;
`;
