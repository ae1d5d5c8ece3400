#!/usr/bin/env bun
/**
 * The server process tests start (startServerProcess): `wishwell serve ARGS` as main.ts runs it,
 * except that new password hashes take TEST_HASH_COST. No setting, flag or variable reaches the
 * cost: only this file, which is no part of the app an operator runs. Production's cost is proven
 * by passwords.test.ts and by the compiled binary (binary.test.ts).
 */
import { exitCodeOf, serveUntilStopped } from '../../src/cli/commands';
import { loadConfig } from '../../src/config';
import { TEST_HASH_COST } from './hash-cost';

process.exitCode = await exitCodeOf(() => serveUntilStopped({ ...loadConfig(process.argv.slice(2)), passwordHashCost: TEST_HASH_COST }));
