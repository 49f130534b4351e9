import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKoaApp } from './app.js';
import type { AppContext } from './context.js';
import { attachRealtime } from './realtime/socket-server.js';
import { startEditReconciler } from './schemes/recorded-edit.js';
/** How long requests under way may run on once the server is closing. */
const closeGraceMs = 2_000;

export interface RunningApiServer {
  server: http.Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the HTTP server (API, bull-board, web app) with Socket.IO on the same port, and the
 * reconciler that finishes recording edits whose request failed half-way.
 */
export async function startApiServer(app: AppContext, port = app.config.port): Promise<RunningApiServer> {
  const koa = createKoaApp(app);
  const server = http.createServer(koa.callback());
  server.keepAliveTimeout = 65_000;
  const realtime = attachRealtime(app, server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, app.config.host, () => resolve());
  });
  const reconciler = startEditReconciler(app.schemes, app.log.child('edits'));
  const address = server.address() as AddressInfo;
  const host = !app.config.host || app.config.host === '0.0.0.0' || app.config.host === '::' ? 'localhost' : app.config.host;
  return {
    server,
    url: `http://${host}:${address.port}`,
    async close() {
      // socket.io's close closes the HTTP server too, which then waits for every open connection.
      // A response still under way when that starts leaves its kept-alive connection open for
      // keepAliveTimeout (65 s) after it ends; so idle connections are swept as responses end,
      // and whatever still runs after the grace period is cut.
      await reconciler.stop();
      const closed = realtime.close();
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      const cutOff = setTimeout(() => server.closeAllConnections(), closeGraceMs);
      await closed;
      clearInterval(sweep);
      clearTimeout(cutOff);
    },
  };
}
