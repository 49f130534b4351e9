import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The messages the project's own lint config gives a file at `file` with this text (the file need not exist). */
async function lintMessages(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import boundaries (eslint.config.js)', () => {
  it('lets workers use the server core the api exports', async () => {
    const text = [
      "import { createRedis } from '@og/api/lib/redis';",
      "import { findJobRun } from '@og/api/db/queries/job-runs';",
      "import { jobKinds } from '@og/shared/jobs/job-kinds';",
      'export const used = [createRedis, findJobRun, jobKinds];',
    ].join('\n');
    expect(await lintMessages('workers/src/processors/example.ts', text)).toEqual([]);
  });

  it('refuses a deep import from workers into the api, by package or by relative path', async () => {
    const deep = await lintMessages('workers/src/processors/example.ts', "import { attachRealtime } from '@og/api/realtime/socket-server';\nexport const used = attachRealtime;\n");
    expect(deep).toEqual([expect.stringMatching(/^boundaries\/import-boundaries: .*'@og\/api\/realtime\/socket-server' is not in that list/)]);
    const relative = await lintMessages('workers/src/processors/example.ts', "import { createKoaApp } from '../../../api/src/app.js';\nexport const used = createKoaApp;\n");
    expect(relative).toEqual([expect.stringMatching(/^boundaries\/import-boundaries: .*not in that list/)]);
    const pattern = await lintMessages('workers/src/example.ts', "import { x } from '@og/api/db/queries/deeper/x';\nexport const used = x;\n");
    expect(pattern).toHaveLength(1);
  });

  it("keeps socket.io's server and Koa out of workers", async () => {
    const messages = await lintMessages('workers/src/example.ts', "import { Server } from 'socket.io';\nexport const used = Server;\n");
    expect(messages).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*redis-emitter/)]);
  });

  it('keeps the other rules: shared imports no server code, features do not import each other', async () => {
    expect(await lintMessages('shared/src/domain/example.ts', "import { createRedis } from '@og/api/lib/redis';\nexport const used = createRedis;\n")).not.toEqual([]);
    expect(
      await lintMessages('web/src/features/datasets/components/example.tsx', "import { useSchemesQuery } from '../../schemes/api/get-schemes';\nexport const used = useSchemesQuery;\n"),
    ).toEqual([expect.stringMatching(/Feature 'datasets' may not import feature 'schemes'/)]);
  });
});
