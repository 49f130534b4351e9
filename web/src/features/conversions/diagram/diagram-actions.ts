import type { ConversionDiagramRecord } from '@og/shared/contracts/conversions';
import { compareNotation } from '@og/shared/domain/code-tree';

/** The diagram's editable data: its records (links included), the target depth, and a processed result. */
export interface ConversionDiagramState {
  records: ConversionDiagramRecord[];
  /** Roots 1; null: leaves. Problem flags are judged at it. */
  targetDepth: number | null;
  processed: unknown | null;
}

/** SPEC §4 "Conversion diagram actions", and RESET for 'Restore original conversion'. */
export type ConversionDiagramAction =
  /** `nodes`: the nodes to link and any of their ancestors not in the diagram yet. */
  | { type: 'ADD_LINKS'; nodes: readonly ConversionDiagramRecord[]; values: readonly string[] }
  | { type: 'REMOVE_LINKS'; values: readonly string[] }
  /** 'Map only here': the given nodes become the only linked ones. */
  | { type: 'SET_TRANSLATION'; values: readonly string[] }
  | { type: 'SET_PROCESSED_CONVERSION'; processed: unknown }
  | { type: 'RESET'; records: readonly ConversionDiagramRecord[] };

export function initialConversionDiagramState(records: readonly ConversionDiagramRecord[], targetDepth: number | null): ConversionDiagramState {
  return { records: [...records], targetDepth, processed: null };
}

/**
 * The diagram's reducer. It changes only which nodes are linked (and which nodes exist); problem
 * flags are not stored but recomputed from the records whenever the tree is built, so they can
 * never lag behind a change.
 */
export function conversionDiagramReducer(state: ConversionDiagramState, action: ConversionDiagramAction): ConversionDiagramState {
  switch (action.type) {
    case 'ADD_LINKS': {
      // Nodes already drawn keep their place and path; only new ones join.
      const known = new Set(state.records.map((record) => record.value));
      const added: ConversionDiagramRecord[] = [];
      for (const node of action.nodes) {
        if (known.has(node.value)) continue;
        known.add(node.value);
        added.push(node);
      }
      return { ...state, records: withLinked([...state.records, ...added], action.values, true) };
    }
    case 'REMOVE_LINKS':
      return { ...state, records: withLinked(state.records, action.values, false) };
    case 'SET_TRANSLATION': {
      const linked = new Set(action.values);
      return { ...state, records: state.records.map((record) => withLink(record, linked.has(record.value))) };
    }
    case 'SET_PROCESSED_CONVERSION':
      return { ...state, processed: action.processed };
    case 'RESET':
      // The original links come back; a result processed from the edited links no longer holds.
      return { ...state, records: [...action.records], processed: null };
    default:
      throw new Error('Unknown action type');
  }
}

function withLinked(records: readonly ConversionDiagramRecord[], values: readonly string[], isLink: boolean): ConversionDiagramRecord[] {
  const named = new Set(values);
  return records.map((record) => (named.has(record.value) ? withLink(record, isLink) : record));
}

function withLink(record: ConversionDiagramRecord, isLink: boolean): ConversionDiagramRecord {
  return record.isLink === isLink ? record : { ...record, isLink };
}

/** The linked values in notation order: the decision the pages send. */
export function linkedValues(state: Pick<ConversionDiagramState, 'records'>): string[] {
  return state.records
    .filter((record) => record.isLink)
    .map((record) => record.value)
    .sort(compareNotation);
}
