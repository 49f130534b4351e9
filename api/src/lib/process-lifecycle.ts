import { ConfigError } from '../config/config.js';
import type { Logger } from './log.js';
import { ServiceUnavailableError } from './service-checks.js';

export interface RunningProcess {
  log: Logger;
  /** Stops gracefully: no new work, running work finished, connections closed. */
  stop(): Promise<void>;
}

/**
 * Runs a process entry point: starts it, stops it gracefully once on SIGINT or SIGTERM, and
 * turns a start-up failure into one clear line (config and unreachable services) and exit 1.
 */
export function runProcess(start: () => Promise<RunningProcess>): void {
  start()
    .then(({ log, stop }) => {
      // A promise nobody awaited that failed (a fault of a store that went away mid-step) is
      // logged: the request or job it belonged to has failed already, and the process serves on.
      process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason as Error }));
      let stopping = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        log.info(`${signal}: shutting down`);
        stop()
          .then(() => process.exit(0))
          .catch((error: unknown) => {
            log.error('shutdown failed', { error: error as Error });
            process.exit(1);
          });
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    })
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof ServiceUnavailableError ? error.message : error);
      process.exit(1);
    });
}
