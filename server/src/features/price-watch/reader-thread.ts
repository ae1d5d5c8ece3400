import { requestsTo, type WorkerRequests } from '../../db/worker-requests';
import { moduleWorkerUrl } from '../../module-workers';
import type { CheckOutcome, CheckRequest } from './read-price';

/**
 * The request thread's handle on the price watch's reader thread (read-price.worker.ts), started
 * with the first check and again after it failed; several checks may be under way in it at once.
 */
export class PriceReaderThread {
  private thread: WorkerRequests | null = null;

  async read(request: CheckRequest): Promise<CheckOutcome> {
    if (!this.thread?.alive()) this.thread = requestsTo(new Worker(moduleWorkerUrl('priceReader')), 'the price watch reader thread');
    try {
      return await this.thread.request<CheckOutcome>({ kind: 'read', ...request });
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): void {
    this.thread?.end(new Error('the price watch reader thread is closed'));
    this.thread = null;
  }
}
