import type { JobRun } from '../contracts/jobs.js';
import type { SchemeId } from '../domain/schemes.js';

/**
 * Socket.IO events about jobs. The server pushes a full {@link JobRun} snapshot with every
 * event, so a client never has to merge partial updates.
 */
export const jobEvents = {
  progress: 'job:progress',
  completed: 'job:completed',
  failed: 'job:failed',
  /** Client → server: join the room of one job (answered through the ack). */
  subscribe: 'job:subscribe',
  unsubscribe: 'job:unsubscribe',
} as const;

export type JobEventName = (typeof jobEvents)[keyof Omit<typeof jobEvents, 'subscribe' | 'unsubscribe'>];

export type SubscribeAck = { ok: true; job: JobRun } | { ok: false; error: string };

/** The links between two schemes changed (someone linked, unlinked, cleared or imported): read their maps again. */
export interface LinksChanged {
  schemes: [SchemeId, SchemeId];
}

/** Entries of a prediction set were mapped or unmapped (a save, a propagation, a bulk acceptance): read its counts again. */
export interface PredictionSetChanged {
  predictionSetId: string;
  /** The entries whose mapping changed (at most a page of them; empty when a batch changed many). */
  strings: string[];
}

export interface ServerToClientEvents {
  'job:progress': (job: JobRun) => void;
  'job:completed': (job: JobRun) => void;
  'job:failed': (job: JobRun) => void;
  'links:changed': (change: LinksChanged) => void;
  'predictionSet:changed': (change: PredictionSetChanged) => void;
}

export interface ClientToServerEvents {
  'job:subscribe': (jobId: string, ack: (answer: SubscribeAck) => void) => void;
  'job:unsubscribe': (jobId: string) => void;
  /** Hear `links:changed` for a scheme pair (any logged-in user may read links). */
  'links:subscribe': (schemes: [SchemeId, SchemeId], ack: (answer: { ok: boolean; error?: string }) => void) => void;
  'links:unsubscribe': (schemes: [SchemeId, SchemeId]) => void;
  /** Hear `predictionSet:changed` for a set the user may see. */
  'predictionSet:subscribe': (predictionSetId: string, ack: (answer: { ok: boolean; error?: string }) => void) => void;
  'predictionSet:unsubscribe': (predictionSetId: string) => void;
}

/**
 * Rooms: one per job (joined with `job:subscribe`; only the owner and admins may join) and one
 * per user, which the server puts every connection in at the handshake, so a client hears about
 * all of its user's jobs without subscribing to each.
 */
export const jobRoom = (jobId: string): string => `job:${jobId}`;
export const userRoom = (userId: string): string => `user:${userId}`;
/** The room of a scheme pair's link changes, the same whichever order the two are named in. */
export const linksRoom = (a: SchemeId, b: SchemeId): string => `links:${[a, b].sort().join('--')}`;

/** The room of one prediction set's mapping changes. */
export const predictionSetRoom = (predictionSetId: string): string => `predictionSet:${predictionSetId}`;

/** Key prefix of the Socket.IO Redis adapter (api) and of the emitters that publish through it (workers). */
export const socketKey = (redisPrefix: string): string => `${redisPrefix}:socket.io`;
