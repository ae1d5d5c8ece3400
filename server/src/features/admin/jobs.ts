import { notFound } from '../../domain/errors';
import type { Scheduler } from '../../scheduler';

/** Runs a registered job (`price-watch`, `mail.outbox`, …) now for an operator; resolves once it has run. */
export async function runJobNow(scheduler: Scheduler, name: string): Promise<{ job: string; ran: true }> {
  if (!scheduler.has(name)) throw notFound('noSuchJob', { name });
  await scheduler.runNow(name);
  return { job: name, ran: true };
}
