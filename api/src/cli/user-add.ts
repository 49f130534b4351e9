import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { role as roleSchema } from '@og/shared/contracts/auth';
import { createUser } from '../auth/create-user.js';
import { loadConfig } from '../config/config.js';
import { createDatabase } from '../db/database.js';
import { createLogger } from '../lib/log.js';
import { checkPostgres } from '../lib/service-checks.js';
import { prepareDatabase } from '../startup.js';

const usage = `Usage: npm run user:add -- --username NAME [--name "Display name"] [--role member|admin]
The password is read from a prompt, or from the first line of standard input when it is not a terminal.
It is never taken from the command line.`;

/** Reads a password without echoing it (terminal) or the first line of piped input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  return new Promise((resolve) => {
    process.stdout.write('Password: ');
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let password = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(password);
          return;
        }
        if (char === '\u0003') process.exit(130);
        password = char === '\u007f' ? password.slice(0, -1) : password + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'member' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help || !values.username) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const role = roleSchema.safeParse(values.role);
  if (!role.success) throw new Error(`--role must be admin or member, not '${values.role}'`);
  const password = await readPassword();
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  const db = createDatabase(config.databaseUrl, 1);
  try {
    await prepareDatabase(config, db, createLogger('warn', 'user:add'));
    const user = await createUser(db, { username: values.username, name: values.name, role: role.data, password });
    console.log(`Created ${user.role} '${user.username}'.`);
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
