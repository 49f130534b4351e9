import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';

/** The scheme the review's tree opens in when an entry's predictions name none. */
export const defaultTreeScheme: SchemeId = 'hisco';

/** The first scheme an entry's predictions name, for the tree to start in. */
export function schemeOfPredictions(predictions: readonly { uris: string[] }[]): SchemeId | null {
  for (const prediction of predictions) {
    for (const uri of prediction.uris) {
      const { scheme } = splitPredictionUri(uri);
      if (isSchemeId(scheme)) return scheme;
    }
  }
  return null;
}
