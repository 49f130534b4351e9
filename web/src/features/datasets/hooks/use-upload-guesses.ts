import type { SchemeId } from '@og/shared/domain/schemes';
import { type Dispatch, useEffect, useMemo } from 'react';
import { useSchemeCodeMatchesQuery } from '../api/get-scheme-code-matches';
import { guessColumns } from '../column-guess';
import { codeSampleOf, codeSharePercents, guessScheme } from '../scheme-guess';
import type { UploadWizardState, WizardAction } from '../upload-wizard-state';
import type { CsvProfileState } from './use-csv-profile';

/**
 * Pre-selects the title and code columns a file's header and first rows suggest, and the scheme
 * most of the code column's sampled codes belong to (the reducer keeps whatever the person chose
 * instead). Answers each scheme's share of those codes in percent, once known.
 */
export function useUploadGuesses(state: UploadWizardState, dispatch: Dispatch<WizardAction>, csv: CsvProfileState): ReadonlyMap<SchemeId, number> | null {
  const { file, codeColumn } = state;
  const { header, sample } = csv;

  useEffect(() => {
    if (file && header && sample) dispatch({ type: 'guess-columns', file, guess: guessColumns(header, sample) });
  }, [dispatch, file, header, sample]);

  const codes = useMemo(() => codeSampleOf(header ?? [], sample ?? [], codeColumn), [header, sample, codeColumn]);
  const matches = useSchemeCodeMatchesQuery(codes).data;
  useEffect(() => {
    if (codeColumn !== null && matches) dispatch({ type: 'guess-scheme', codeColumn, scheme: guessScheme(matches, codeColumn) });
  }, [dispatch, codeColumn, matches]);

  return useMemo(() => (codeColumn !== null && codes.length > 0 && matches ? codeSharePercents(matches) : null), [codeColumn, codes, matches]);
}
