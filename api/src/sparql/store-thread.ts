/**
 * The embedded store's thread (./embedded-store.ts): opens the store's engine (./store-engine.ts)
 * on the directory the main thread holds the lock of, runs each call it is sent, in the order
 * sent, and answers with its value or its error. The engine's log lines go to the main thread's
 * logger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Logger } from '../lib/log.js';
import type { StoreCall, StoreThreadAnswer, StoreThreadData } from './embedded-store.js';
import { StoreEngine } from './store-engine.js';
import { serializeStoreError } from './store-errors.js';

const port = parentPort!;
const data = workerData as StoreThreadData;

/** A logger whose lines the main thread writes with its own (same levels, scopes below the store's). */
function forwardingLogger(scope: string[]): Logger {
  const send = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
    const answer: StoreThreadAnswer = { type: 'log', level, scope, message, fields };
    try {
      port.postMessage(answer);
    } catch {
      // A field that cannot be cloned (a function, a handle): the line goes without its fields.
      port.postMessage({ ...answer, fields: undefined } satisfies StoreThreadAnswer);
    }
  };
  return { debug: send('debug'), info: send('info'), warn: send('warn'), error: send('error'), child: (child) => forwardingLogger([...scope, child]) };
}

/** The call's value: each call names one of the engine's methods and carries its arguments. */
function run(engine: StoreEngine, call: StoreCall): Promise<unknown> {
  const method = engine[call.method] as (...args: StoreCall['args']) => Promise<unknown>;
  return method.apply(engine, call.args);
}

const opening = StoreEngine.open({ directory: data.directory, compactAfterBytes: data.compactAfterBytes, log: forwardingLogger([]) });
opening.then(
  (engine) => port.postMessage({ type: 'opened', logSize: engine.logSize } satisfies StoreThreadAnswer),
  (error: unknown) => port.postMessage({ type: 'open-failed', error: serializeStoreError(error) } satisfies StoreThreadAnswer),
);

port.on('message', (call: StoreCall & { id: number }) => {
  void opening.then(
    async (engine) => {
      let answer: StoreThreadAnswer;
      try {
        const value = await run(engine, call);
        answer = { type: 'result', id: call.id, value, logSize: engine.logSize };
      } catch (error) {
        answer = { type: 'failed', id: call.id, error: serializeStoreError(error), logSize: engine.logSize };
      }
      port.postMessage(answer);
    },
    () => undefined, // the main thread heard 'open-failed' and sends nothing more
  );
});
