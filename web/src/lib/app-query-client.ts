import { createQueryClient } from './query-client';

/** The app's one query cache: the providers hand it to React, and route loaders fill it before a page renders. */
export const appQueryClient = createQueryClient();
