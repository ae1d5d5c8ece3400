// Runs before every test file (vitest.config.ts: setupFiles). Workers keep their loaded modules
// from one file to the next (isolate: false): a worker that went on from one engine's project to
// the other's would run the second project's files on the first engine, and pass. Vitest starts
// new workers for each project today; this makes sure it stays so.
import { TEST_ENGINE } from './engine';

const wanted = process.env.WISHWELL_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
if (TEST_ENGINE !== wanted) throw new Error(`This worker loaded the test support for ${TEST_ENGINE} and now runs a ${wanted} file: workers must not pass between the engines' projects`);
