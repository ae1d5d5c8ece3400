import { PRODUCT_NAME } from '@wishwell/shared/constants';
import { loadConfig, settingsHelp } from '../config';
import { startServer, VERSION } from '../server';

/** A CLI subcommand: `wishwell NAME ARGS...`. Flags and environment settings apply to each. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

const serve: Command = {
  name: 'serve',
  usage: 'serve [--port N] [--host H] [--data-dir DIR] [--public-url URL]',
  summary: 'start the web server (the default when no command is given)',
  async run(args) {
    const config = loadConfig(args);
    const server = await startServer(config);
    console.log(`${PRODUCT_NAME} ${VERSION} listening on ${server.url} (data in ${config.dataDir})`);
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: finishing requests and closing the database`);
      await server.stop();
      process.exit(0);
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));
    return new Promise<number>(() => {}); // runs until a signal stops it
  },
};

export const COMMANDS: Command[] = [serve];

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
