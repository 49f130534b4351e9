/**
 * The texts of SPEC §8 ("The error catalogue") that the api and the web both say, written once:
 * the api's refusal and the web's toast of the same event read the same words.
 */

/** A move under the code itself or one of its descendants (409 from the api; refused at once in the browser). */
export const moveIntoDescendantMessage = 'Cannot move a node inside one of its descendants.';

/** Red toast of a refused move. */
export const moveFailedMessage = (reason: string): string => `Move failed: ${reason}`;

/** Teal toast of a move. */
export const moveSuccessfulMessage = (name: string, target: string): string => `Move successful: Moved node "${name}" to "${target}".`;

/** Teal toast of a created code. */
export const codeCreatedMessage = (name: string, label: string): string => `Occupation ${name} with code ${label} created`;

/** Teal toast of a deleted code. */
export const codeDeletedMessage = (name: string): string => `Occupation ${name} deleted`;

/** The login button's label for 2 seconds after a failed login. */
export const loginFailedLabel = 'Login failed';

/** Tree load failure: the red notification's title, and its message when the error has none. */
export const treeLoadFailedTitle = 'Error';
export const unknownErrorMessage = 'An error occurred';

/** Alert of a failed file upload. */
export const fileUploadFailedMessage = (reason: string): string => `File upload failed: ${reason}`;

/** A 503 `unavailable` (PostgreSQL or Redis down or restarting): the api's message, and the web's text of it. */
export const serverUnavailableMessage = 'The server is busy or restarting; try again';
