// Runs the real server in its own Bun process and rebuilds its runtime on SIGUSR2 with a swap that takes 300 ms, as a restore does.
// Prints "listening on URL", then "rebuilt" after each rebuild.
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';

const server = await startServer(loadConfig(process.argv.slice(2)));
console.log(`listening on ${server.url}`);
process.on('SIGUSR2', () => {
  void server.rebuild(() => Bun.sleep(300)).then(() => console.log('rebuilt'));
});
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
