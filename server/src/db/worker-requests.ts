/**
 * Requests to a worker thread started from source (source-worker.ts): each message gets one
 * reply, matched by id. A worker that dies fails every request waiting on it and every later one,
 * so nothing waits for ever. The worker's source defines `handlers` (kind -> function of the
 * message, answering a result) and ends with ANSWER_REQUESTS.
 */
import { startSourceWorker } from './source-worker';

export const ANSWER_REQUESTS = `
self.onmessage = ({ data }) => {
  try {
    postMessage({ id: data.id, ok: true, result: handlers[data.kind](data) });
  } catch (error) {
    postMessage({ id: data.id, ok: false, message: String(error && error.message || error), code: error && error.code });
  }
};
`;

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
