import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { sessionCookieName } from '@og/shared/contracts/auth';
import { schemeId } from '@og/shared/contracts/schemes';
import { type ClientToServerEvents, jobRoom, linksRoom, predictionSetRoom, type ServerToClientEvents, socketKey, userRoom } from '@og/shared/events/job-events';
import { findVisiblePredictionSetOr404 } from '../predictions/prediction-set-access.js';
import type { SchemeId } from '@og/shared/domain/schemes';
import { hashToken } from '../auth/session-tokens.js';
import { findVisibleJobRun } from '../jobs/job-run-access.js';
import type { AppContext } from '../context.js';
import { findLiveSession, type SessionWithUser } from '../db/queries/sessions.js';
import { createRedis } from '../lib/redis.js';
import { presentJobRun } from '../jobs/job-run-presenter.js';

const sessionRoom = (tokenHash: string): string => `session:${tokenHash}`;

interface SocketData {
  session: SessionWithUser;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/** Two different scheme ids, as a client sent them, or null. */
function schemePair(value: unknown): [SchemeId, SchemeId] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [a, b] = value.map((id) => schemeId.safeParse(id).data);
  return a && b && a !== b ? [a, b] : null;
}

function sameOrigin(request: http.IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO for live job progress. A connection is accepted only with a live session cookie
 * from our own origin; each socket joins its user's room and may join the room of any job
 * its user owns (admins: any job; collaborators: the ingest job of a dataset shared with them).
 * Through the Redis adapter, events emitted by workers or by any api process reach every
 * socket in the room.
 */
export function attachRealtime(app: AppContext, server: http.Server): { io: RealtimeServer; close(): Promise<void> } {
  const pub = createRedis(app.config.redisUrl, 'consumer');
  const sub = pub.duplicate();
  // A duplicate does not take over the listeners: ioredis reconnects on its own, as for `pub`.
  sub.on('error', () => undefined);
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
    adapter: createAdapter(pub, sub, { key: socketKey(app.config.redisPrefix) }),
  });

  io.use(async (socket, next) => {
    try {
      const token = readCookie(socket.request.headers.cookie, sessionCookieName);
      const session = token && token.length <= 100 ? await findLiveSession(app.db, hashToken(token)) : null;
      if (!session) return next(new Error('unauthenticated'));
      socket.data.session = session;
      next();
    } catch (error) {
      app.log.error('socket handshake failed', { error: error as Error });
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>) => {
    const { session } = socket.data;
    void socket.join([userRoom(session.user.id), sessionRoom(session.token_hash)]);

    socket.on('job:subscribe', async (jobId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const row = typeof jobId === 'string' ? await findVisibleJobRun(app.db, jobId, session.user, { sharedDatasets: true }) : null;
        if (!row) return reply({ ok: false, error: 'No such job.' });
        await socket.join(jobRoom(row.id));
        reply({ ok: true, job: presentJobRun(row) });
      } catch (error) {
        app.log.error('job subscribe failed', { error: error as Error });
        reply({ ok: false, error: 'The server could not subscribe to this job.' });
      }
    });

    socket.on('job:unsubscribe', (jobId) => {
      if (typeof jobId === 'string') void socket.leave(jobRoom(jobId));
    });

    socket.on('links:subscribe', async (schemes, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const pair = schemePair(schemes);
      if (!pair) return reply({ ok: false, error: 'Name two different schemes.' });
      await socket.join(linksRoom(...pair));
      reply({ ok: true });
    });

    socket.on('links:unsubscribe', (schemes) => {
      const pair = schemePair(schemes);
      if (pair) void socket.leave(linksRoom(...pair));
    });

    socket.on('predictionSet:subscribe', async (predictionSetId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const set = typeof predictionSetId === 'string' ? await findVisiblePredictionSetOr404(app.db, predictionSetId, session.user) : null;
        if (!set) return reply({ ok: false, error: 'No such prediction set.' });
        await socket.join(predictionSetRoom(set.id));
        reply({ ok: true });
      } catch {
        reply({ ok: false, error: 'No such prediction set.' });
      }
    });

    socket.on('predictionSet:unsubscribe', (predictionSetId) => {
      if (typeof predictionSetId === 'string') void socket.leave(predictionSetRoom(predictionSetId));
    });
  });

  app.realtime = {
    linksChanged: (a, b) => io.to(linksRoom(a, b)).emit('links:changed', { schemes: [a, b] }),
    predictionSetChanged: (predictionSetId, strings) =>
      io.to(predictionSetRoom(predictionSetId)).emit('predictionSet:changed', { predictionSetId, strings: strings.length > 100 ? [] : strings }),
    disconnectSession: (tokenHash) => io.in(sessionRoom(tokenHash)).disconnectSockets(true),
    leaveJobRoom: (userId, jobId) => io.in(userRoom(userId)).socketsLeave(jobRoom(jobId)),
    leavePredictionSetRoom: (userId, predictionSetId) => io.in(userRoom(userId)).socketsLeave(predictionSetRoom(predictionSetId)),
  };

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      pub.disconnect();
      sub.disconnect();
    },
  };
}
