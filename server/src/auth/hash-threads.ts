/** The lowest scheduling priority: a hash gets only the CPU time nothing else wants. */
export const HASH_THREAD_NICE = 19;

/**
 * argon2id as OWASP's Password Storage Cheat Sheet recommends first: 19 MiB, two passes, one lane
 * (its listed configurations are equally strong). Bun's default, 64 MiB, holds ~70 MB per hash
 * running, so a sign-in flood would keep the server's memory ~120 MB higher.
 */
export const ARGON2ID: HashCost = { memoryCost: 19456, timeCost: 2 };

/** argon2id's memory (KiB) and passes. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

type HashJob = { password: string; hash: string | null };
type HashAnswer = { result: string | boolean } | { error: string };

/*
 * Runs in each hashing thread. On Linux the nice value belongs to the thread, and
 * setpriority(PRIO_PROCESS, 0) (os.setPriority with no pid) changes the calling thread only,
 * so requests keep their priority. Elsewhere the same call would lower the whole process:
 * there the threads hash at normal priority.
 */
const threadSource = (cost: HashCost) => `
if (process.platform === 'linux') require('node:os').setPriority(${HASH_THREAD_NICE});
self.onmessage = ({ data }) => {
  try {
    const result = data.hash === null ? Bun.password.hashSync(data.password, ${JSON.stringify({ algorithm: 'argon2id', ...cost })}) : Bun.password.verifySync(data.password, data.hash);
    postMessage({ result });
  } catch (error) {
    postMessage({ error: String(error) });
  } finally {
    // Hands the hash's memory back to the system now rather than after the next few hashes.
    Bun.gc(true);
  }
};`;

/**
 * argon2id on worker threads of their own at the lowest priority, so a flood of sign-ins (even
 * from many addresses, which per-IP and per-account budgets cannot stop) hashes only with the
 * CPU the share views and purchases leave. Callers bound how many jobs run at once; a thread
 * takes one job at a time and is kept for the next.
 */
export class HashThreads {
  private readonly idle: Worker[] = [];
  private source: string | null = null;

  constructor(private readonly cost: HashCost) {}

  hash(password: string): Promise<string> {
    return this.run({ password, hash: null }) as Promise<string>;
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.run({ password, hash }) as Promise<boolean>;
  }

  private run(job: HashJob): Promise<string | boolean> {
    const thread = this.idle.pop() ?? this.spawn();
    return new Promise((resolve, reject) => {
      thread.onmessage = ({ data }: MessageEvent<HashAnswer>) => {
        this.idle.push(thread);
        if ('error' in data) reject(new Error(data.error));
        else resolve(data.result);
      };
      thread.onerror = (event) => {
        thread.terminate(); // not returned to the pool
        reject(new Error(`Password hashing thread failed: ${event.message}`));
      };
      thread.postMessage(job);
    });
  }

  private spawn(): Worker {
    this.source ??= URL.createObjectURL(new Blob([threadSource(this.cost)], { type: 'application/javascript' }));
    // ref: false: an idle hashing thread must not keep the process alive. smol: a small JS heap (argon2's memory is native).
    return new Worker(this.source, { ref: false, smol: true });
  }
}
