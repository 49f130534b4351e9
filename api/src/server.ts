import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKoaApp } from './app.js';
import type { AppContext } from './context.js';
import { attachRealtime } from './realtime/socket-server.js';

export interface RunningApiServer {
  server: http.Server;
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP server (API, bull-board, web app) with Socket.IO on the same port. */
export async function startApiServer(app: AppContext, port = app.config.port): Promise<RunningApiServer> {
  const koa = createKoaApp(app);
  const server = http.createServer(koa.callback());
  server.keepAliveTimeout = 65_000;
  const realtime = attachRealtime(app, server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, app.config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = !app.config.host || app.config.host === '0.0.0.0' || app.config.host === '::' ? 'localhost' : app.config.host;
  return {
    server,
    url: `http://${host}:${address.port}`,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
