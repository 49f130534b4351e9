import type { CrosswalkSet } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { ListedCrosswalkSet } from '../db/queries/crosswalk-sets.js';

/** A crosswalk set as `GET /api/crosswalks/sets` answers it. */
export function presentCrosswalkSet(row: ListedCrosswalkSet): CrosswalkSet {
  return {
    id: row.id,
    name: row.name,
    fileName: row.file_name,
    source: row.source_scheme as SchemeId,
    target: row.target_scheme as SchemeId,
    mappingSetId: row.mapping_set_id,
    license: row.license,
    origin: row.origin,
    jobId: row.job_id,
    createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    imported: row.imported,
    alreadyPresent: row.already_present,
    refused: row.refused,
    links: row.links,
  };
}
