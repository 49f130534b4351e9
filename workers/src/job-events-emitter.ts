import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { SchemeId } from '@og/shared/domain/schemes';
import { type JobEventName, jobRoom, linksRoom, type PredictionSetChanged, predictionSetRoom, socketKey, userRoom } from '@og/shared/events/job-events';

/** Emits job events through Redis to the Socket.IO rooms of the job and of its owner, whichever api process holds the sockets. */
export class JobEventsEmitter {
  private readonly emitter: Emitter;

  constructor(redis: Redis, redisPrefix: string) {
    this.emitter = new Emitter(redis, { key: socketKey(redisPrefix) });
  }

  emit(event: JobEventName, job: JobRun, ownerId: string | null): void {
    const rooms = ownerId ? [jobRoom(job.id), userRoom(ownerId)] : [jobRoom(job.id)];
    this.emitter.to(rooms).emit(event, job);
  }

  /** The links between two schemes changed (an import wrote some): everyone following them reads them again. */
  linksChanged(a: SchemeId, b: SchemeId): void {
    this.emitter.to(linksRoom(a, b)).emit('links:changed', { schemes: [a, b] });
  }

  /**
   * Entries of a prediction set were mapped or unmapped (a bulk acceptance): everyone watching it
   * reads its counts again. As the api's own (realtime/socket-server.ts), at most 100 strings named.
   */
  predictionSetChanged(predictionSetId: string, strings: string[]): void {
    const change: PredictionSetChanged = { predictionSetId, strings: strings.length > 100 ? [] : strings };
    this.emitter.to(predictionSetRoom(predictionSetId)).emit('predictionSet:changed', change);
  }
}
