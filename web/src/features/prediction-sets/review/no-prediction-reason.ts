import { languageName, severalLanguages } from '@og/shared/domain/languages';
import type { UncodedReason } from '@og/shared/jobs/job-kinds';

/**
 * What the review says in place of an entry's predictions when it has none: why, in plain words,
 * as its set's run said (the language named when the entry's is known); without a reason (an
 * imported set), only that the model made none.
 */
export function noPredictionWords(reason: UncodedReason | null | undefined, language: string | null | undefined): string {
  switch (reason) {
    case 'no known title near it':
      return 'No prediction: no known title near it.';
    case 'no training data in this language': {
      const name = language && language !== severalLanguages ? languageName(language) : null;
      return `No prediction: the coder has no training data in ${name ?? 'this title’s language'}.`;
    }
    case 'no prediction from the model':
      return 'No prediction: the model gave none for this title.';
    default:
      return 'The model made no prediction for this title.';
  }
}
