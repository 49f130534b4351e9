import { io, type Socket } from 'socket.io-client';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '../../shared/src/events/job-events.js';
import type { JobEventsEmitter } from '../../workers/src/job-events-emitter.js';

export interface ReceivedJobEvent {
  event: 'job:progress' | 'job:completed' | 'job:failed';
  job: JobRun;
}

/** A Socket.IO client with a session cookie that records every job event it receives. */
export class JobSocket {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  readonly received: ReceivedJobEvent[] = [];

  constructor(baseUrl: string, cookieHeader: string) {
    this.socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cookieHeader }, reconnection: false, forceNew: true });
    for (const event of ['job:progress', 'job:completed', 'job:failed'] as const) {
      this.socket.on(event, (job: JobRun) => this.received.push({ event, job }));
    }
  }

  /** Resolves when connected; rejects with the server's reason when the handshake is refused. */
  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
    });
  }

  subscribe(jobId: string): Promise<SubscribeAck> {
    return new Promise((resolve) => this.socket.emit('job:subscribe', jobId, resolve));
  }

  /** Waits until an event for this job matching the predicate has arrived. */
  async waitFor(jobId: string, predicate: (event: ReceivedJobEvent) => boolean, timeoutMs = 20_000): Promise<ReceivedJobEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((event) => event.job.id === jobId && predicate(event));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching event for ${jobId}; got ${JSON.stringify(this.received.map((e) => [e.event, e.job.state, e.job.progress]))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Resolves once every job event published before the call has reached this socket, or never
   * will: it publishes a marker event to the socket's user room through Redis and waits for it.
   * The api's adapter hears every channel on one subscription, in the order Redis took the
   * messages, and writes them to the socket in that order; so "nothing arrived before the
   * marker" means nothing was sent, with no sleep to guess how long to wait.
   */
  async settle(emitter: JobEventsEmitter, userId: string): Promise<void> {
    const marker: JobRun = {
      id: `marker-${Math.random().toString(36).slice(2)}`,
      kind: 'session.cleanup',
      label: 'marker',
      state: 'completed',
      progress: null,
      error: null,
      result: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    emitter.emit('job:completed', marker, userId);
    await this.waitFor(marker.id, () => true);
  }

  close(): void {
    this.socket.close();
  }
}
