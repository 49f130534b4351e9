import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';

/** The scheme the review's tree opens in when an entry's predictions name none. */
export const defaultTreeScheme: SchemeId = 'hisco';

/** The first scheme these code URIs name that the app has a tree of; null when none does. */
export function schemeOfUris(uris: readonly string[]): SchemeId | null {
  for (const uri of uris) {
    const { scheme } = splitPredictionUri(uri);
    if (isSchemeId(scheme)) return scheme;
  }
  return null;
}

/** The first scheme an entry's predictions name, for the tree to start in. */
export function schemeOfPredictions(predictions: readonly { uris: string[] }[]): SchemeId | null {
  return schemeOfUris(predictions.flatMap((prediction) => prediction.uris));
}

/**
 * The scheme a tree beside an entry shows: the one the reviewer chose, else the first its
 * predictions name, else the default (also before the entry is read).
 */
export function treeSchemeFor(chosen: SchemeId | null, predictions: readonly { uris: string[] }[] | undefined): SchemeId {
  return chosen ?? (predictions ? schemeOfPredictions(predictions) : null) ?? defaultTreeScheme;
}
