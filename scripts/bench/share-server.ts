// The share page server of `bun run bench:admin`'s logging cost: the real server
// (server/src/main.ts, same arguments, VISITOR_LOG=on) whose visitor log the lines "off" and "on"
// on its standard input switch, so one process is loaded both ways. Two server processes differ
// by up to ~10 % by chance (memory layout, what the JIT made of them), more than the cost
// measured; off and on in one process cancels that out.
// "Off" answers as VISITOR_LOG=off does: the page views are passed to the log, which ignores them.
import { PageViewLog } from '@wishwell/server/features/visitors/page-views';

const record = PageViewLog.prototype.record;
let logging = true;
PageViewLog.prototype.record = function (this: PageViewLog, ...view: Parameters<PageViewLog['record']>) {
  if (logging) record.apply(this, view);
};
// (Not SIGUSR2, which JavaScriptCore uses to suspend threads for its garbage collector: a switch by
// signal disturbs the very runs it compares, by more than the cost they measure.)
void (async () => {
  for await (const line of console) logging = line.trim() === 'on';
})();
await import('@wishwell/server/main');
