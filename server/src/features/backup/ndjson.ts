import { createReadStream } from 'node:fs';

/**
 * The lines of an NDJSON file, split at \n only, a megabyte's worth at a time. readline also
 * splits at U+2028 and U+2029, which JSON.stringify leaves as they are inside strings: a row
 * holding one was cut in two and its backup refused.
 */
export async function* linesOf(path: string): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    yield lines;
  }
  yield [rest];
}
