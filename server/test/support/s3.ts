import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from 'bun';
import S3rver from 's3rver';

/** s3rver accepts any request signed with these. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestBucket {
  /** STORAGE_URL for the server (objects under the `uploads/` folder of the bucket). */
  storageUrl: string;
  /** The credentials the server reads from its environment. */
  env: Record<string, string>;
  /** Reads the bucket directly, as an operator's S3 tool would. */
  client: S3Client;
  /** Stops answering (the storage goes away); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

/** A real S3-compatible server (s3rver) in this process on a free port, with one empty bucket. */
export async function startTestBucket(bucket = 'wishes'): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'wishwell-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    server?.httpServer?.closeAllConnections();
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://${bucket}/uploads?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    env: CREDENTIALS,
    client: new S3Client({ bucket, endpoint, region: 'us-east-1', accessKeyId: CREDENTIALS.S3_ACCESS_KEY_ID, secretAccessKey: CREDENTIALS.S3_SECRET_ACCESS_KEY }),
    stop,
    start,
    async remove() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
