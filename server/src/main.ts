#!/usr/bin/env bun
// The `wishwell` executable: `wishwell [command] [flags]`; no command means `serve`.
import { COMMANDS, helpText } from './cli/commands';
import { VERSION } from './server';

async function main(argv: string[]): Promise<number> {
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

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`wishwell: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
