/**
 * Requests to a worker thread started from source (source-worker.ts): each message gets one
 * reply, matched by id. A worker that dies fails every request waiting on it and every later one,
 * so nothing waits for ever. The worker calls answerRequests with its `handlers` (kind -> function
 * of the message, answering a result); a source worker's code defines them and ends with
 * ANSWER_REQUESTS.
 */
import { startSourceWorker } from './source-worker';

/**
 * Makes the worker thread this runs on answer requests: `handlers[message.kind](message)`'s
 * result (awaited) or its error's message and code. Self-contained, so a source worker carries
 * it as text (ANSWER_REQUESTS); a request that starts async work must be awaited before the next
 * is sent, as answers are posted when their handler finishes.
 */
export function answerRequests(handlers: Record<string, (message: any) => unknown>): void {
  const thread = globalThis as unknown as { onmessage: (event: MessageEvent) => void; postMessage(message: unknown): void };
  thread.onmessage = async ({ data }) => {
    try {
      thread.postMessage({ id: data.id, ok: true, result: await handlers[data.kind]!(data) });
    } catch (error) {
      const { message, code } = (error ?? {}) as { message?: string; code?: string };
      thread.postMessage({ id: data.id, ok: false, message: String(message ?? error), code });
    }
  };
}

/** The end of a source worker's code: answerRequests over the `handlers` it defines. */
export const ANSWER_REQUESTS = `(${answerRequests.toString()})(handlers);`;

type Reply = { id: number; ok: boolean; result?: unknown; message?: string; code?: string };

export interface WorkerRequests {
  /** Sends `message` (its `kind` names the handler); resolves with the handler's result, rejects with its error's message and code. */
  request<R>(message: { kind: string } & Record<string, unknown>): Promise<R>;
  /** Ends the thread: requests waiting and later ones fail with `error`. */
  end(error: Error): void;
  /** False once the thread has ended (failed, exited or ended by end()). */
  alive(): boolean;
}

/** Starts the worker; `name` says which thread failed in errors ("the SQLite worker thread"). */
export function startWorkerRequests(source: string, name: string): WorkerRequests {
  return requestsTo(startSourceWorker(source), name);
}

/** Requests to a worker already started (its source ends with ANSWER_REQUESTS). */
export function requestsTo(worker: Worker, name: string): WorkerRequests {
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let ended: Error | null = null;
  let nextId = 0;
  const end = (error: Error) => {
    ended ??= error;
    worker.terminate();
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.onmessage = ({ data: { id, ok, result, message, code } }: MessageEvent<Reply>) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (ok) waiting?.resolve(result);
    else waiting?.reject(Object.assign(new Error(message), { code }));
  };
  worker.onerror = (event) => end(new Error(`${name} failed: ${event.message}`));
  worker.addEventListener('close', () => end(new Error(`${name} ended`)));
  return {
    request<R>(message: Record<string, unknown>) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
        worker.postMessage({ ...message, id });
      });
    },
    end,
    alive: () => ended === null,
  };
}
