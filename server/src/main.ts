#!/usr/bin/env bun
// The `wishwell` executable: `wishwell [command] [flags]`; no command means `serve`.
import { exitCodeOf, runCommandLine } from './cli/commands';

process.exitCode = await exitCodeOf(() => runCommandLine(process.argv.slice(2)));
