/**
 * `npm test`: the checks in the order they depend on each other, and side by side where they do
 * not. The web build comes first (the browser tests serve it, the type check reads its generated
 * asset list); then three lanes run at once: layers and types, the unit and API tests, the browser
 * tests. Neither test suite keeps both cores busy alone (they wait on servers, child processes
 * and Chromium), so the lanes together take little more than the longest of them.
 *
 * Each lane's output is kept in a file and printed whole when the lane ends, so lanes never
 * interleave; the end of a failed lane's output is printed again last, where a CI log's tail is read.
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Lane {
  name: string;
  commands: string[];
}

const FIRST: Lane[] = [
  { name: 'system packages', commands: ['bash scripts/ensure-system-packages.sh'] },
  { name: 'web build', commands: ['bun run build:web'] },
];
const SIDE_BY_SIDE: Lane[] = [
  { name: 'layers and types', commands: ['bun run lint:deps', 'bun run typecheck'] },
  { name: 'unit and API tests', commands: ['bun run test:unit'] },
  { name: 'browser tests', commands: ['bun run test:browser'] },
];
const TAIL_LINES = 80;

interface Outcome {
  lane: Lane;
  ok: boolean;
  seconds: number;
  log: string;
}

const logs = mkdtempSync(join(tmpdir(), 'wishwell-tests-'));

async function run(lane: Lane, index: number): Promise<Outcome> {
  const started = performance.now();
  process.stdout.write(`----- ${lane.name}: started\n`);
  const log = join(logs, `${index}.log`);
  let ok = true;
  for (const command of lane.commands) {
    appendFileSync(log, `$ ${command}\n`);
    const output = openSync(log, 'a');
    const child = Bun.spawn(['bash', '-c', command], { stdout: output, stderr: output });
    ok = (await child.exited) === 0;
    closeSync(output);
    if (!ok) break;
  }
  const outcome = { lane, ok, seconds: (performance.now() - started) / 1000, log };
  process.stdout.write(`\n===== ${lane.name}: ${ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(0)} s =====\n${readFileSync(log, 'utf8')}`);
  return outcome;
}

function summary(outcomes: Outcome[]): void {
  for (const { lane, log } of outcomes.filter(({ ok }) => !ok)) {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    process.stdout.write(`\n===== the end of ${lane.name}'s output, again =====\n${lines.slice(-TAIL_LINES).join('\n')}\n`);
  }
  process.stdout.write('\n');
  for (const { lane, ok, seconds } of outcomes) process.stdout.write(`${ok ? 'passed' : 'FAILED'}  ${seconds.toFixed(0).padStart(4)} s  ${lane.name}\n`);
}

const outcomes: Outcome[] = [];
for (const [index, lane] of FIRST.entries()) {
  const outcome = await run(lane, index);
  outcomes.push(outcome);
  if (!outcome.ok) break;
}
if (outcomes.every(({ ok }) => ok)) outcomes.push(...(await Promise.all(SIDE_BY_SIDE.map((lane, index) => run(lane, FIRST.length + index)))));
summary(outcomes);
rmSync(logs, { recursive: true, force: true });
process.exit(outcomes.every(({ ok }) => ok) ? 0 : 1);
