import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_NAME } from '@wishwell/shared/constants';
import { apiRoutes } from '../api-routes';
import { formatRouteTable, routeTable } from '../http/access';
import { loadConfig, settingsHelp, type Config } from '../config';
import { openContext, startServer, VERSION } from '../server';
import { createServices } from '../services';
import { backupCommand, restoreCommand } from './backup-commands';
import { migrateCommand } from './migrate-command';

/** A CLI subcommand: `wishwell NAME ARGS...`. Flags and environment settings apply to each. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

/**
 * Starts the server from `config` and runs until SIGTERM, SIGINT or SIGHUP (the terminal it was
 * started from closed) stops it, finishing requests and closing the database and the scraping
 * browser; left to its default, SIGHUP would end the process at once and leave the browser behind.
 */
export async function serveUntilStopped(config: Config): Promise<number> {
  const server = await startServer(config);
  console.log(`${PRODUCT_NAME} ${VERSION} listening on ${server.url} (data in ${config.dataDir})`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database`);
    const failed = await server.stop().then(
      () => false,
      (error: unknown) => (console.error('Stopping did not finish cleanly:', error), true),
    );
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  return new Promise<number>(() => {}); // runs until a signal stops it
}

const serve: Command = {
  name: 'serve',
  usage: 'serve [--port N] [--host H] [--data-dir DIR] [--public-url URL]',
  summary: 'start the web server (the default when no command is given)',
  run: (args) => serveUntilStopped(loadConfig(args)),
};

const admin: Command = {
  name: 'admin',
  usage: 'admin promote|demote EMAIL [--data-dir DIR]',
  summary: 'grant or remove the admin role of an account (works while the server runs)',
  async run(args) {
    const [action, email, ...flags] = args;
    if ((action !== 'promote' && action !== 'demote') || !email || email.startsWith('-')) {
      console.error(`Usage: wishwell ${this.usage}`);
      return 2;
    }
    const ctx = await openContext(loadConfig(flags));
    try {
      if (!(await createServices(ctx).users.setAdmin(email, action === 'promote'))) {
        console.error(`No account with the email address ${email}.`);
        return 1;
      }
      console.log(`${email} ${action === 'promote' ? 'is now an admin' : 'is no longer an admin'}.`);
      return 0;
    } finally {
      await ctx.store.close();
    }
  },
};

const routes: Command = {
  name: 'routes',
  usage: 'routes',
  summary: 'print every API route and the access policy that guards it',
  async run() {
    // The routes are built exactly as `serve` builds them, over a throwaway data dir.
    const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-routes-'));
    const ctx = await openContext(loadConfig(['--data-dir', dataDir]));
    try {
      console.log(formatRouteTable(routeTable(apiRoutes(ctx, createServices(ctx)))));
      return 0;
    } finally {
      await ctx.store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export const COMMANDS: Command[] = [serve, admin, backupCommand, restoreCommand, migrateCommand, routes];

export function helpText(): string {
  const commands = COMMANDS.map((c) => `  ${c.usage.padEnd(60)} ${c.summary}`).join('\n');
  return [
    `${PRODUCT_NAME} ${VERSION}: self-hosted wish lists. One executable: the API, the site and the database.`,
    '',
    'Usage: wishwell [command] [flags]',
    '',
    'Commands:',
    commands,
    '  --help, --version',
    '',
    'Settings (flag or environment variable; flags win):',
    settingsHelp(),
  ].join('\n');
}

/** `wishwell ARGV...`: the command named first (none: `serve`), or the help or version. */
export async function runCommandLine(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    console.log(helpText());
    return 0;
  }
  if (argv.includes('--version')) {
    console.log(VERSION);
    return 0;
  }
  const named = COMMANDS.find((c) => c.name === argv[0]);
  if (argv[0] && !argv[0].startsWith('-') && !named) {
    console.error(`Unknown command "${argv[0]}".\n\n${helpText()}`);
    return 2;
  }
  const command = named ?? COMMANDS.find((c) => c.name === 'serve')!;
  return command.run(named ? argv.slice(1) : argv);
}

/** Runs a command to its exit code; an error it throws is printed as `wishwell: MESSAGE` and exits 1. */
export async function exitCodeOf(command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    console.error(`wishwell: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
