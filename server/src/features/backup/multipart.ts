import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { InvalidBackupError } from './reader';

/** Where the one file of a multipart/form-data body saved on disk lies: [start, end) byte offsets. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The file part's range, with the file name the client gave (for logs and events). */
export interface MultipartFile extends ByteRange {
  fileName: string;
}

const HEAD_BYTES = 16 * 1024;
const TAIL_BYTES = 4 * 1024;

/**
 * The `field` file part of a single-part multipart body on disk, found without reading the
 * file's data: the part headers are at the start, the closing boundary at the end.
 */
export function multipartFileRange(file: string, contentType: string, field: string): MultipartFile {
  const boundary = contentType.match(/boundary=(?:"([^"]+)"|([^;]+))/i);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]!.trim()}` : null;
  if (!/^multipart\/form-data/i.test(contentType) || !delimiter) throw new InvalidBackupError('backupMultipart', { field });
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = read(fd, 0, Math.min(HEAD_BYTES, size)).toString('latin1');
    if (!head.startsWith(delimiter)) throw new InvalidBackupError('backupMultipart', { field });
    const headersEnd = head.indexOf('\r\n\r\n');
    const headers = head.slice(delimiter.length, headersEnd);
    if (headersEnd < 0 || !new RegExp(`name="${field}"`).test(headers)) throw new InvalidBackupError('backupChooseFile', { field });
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = read(fd, tailStart, size - tailStart).toString('latin1');
    const closing = tail.lastIndexOf(`\r\n${delimiter}--`);
    if (closing < 0) throw new InvalidBackupError('backupUploadCut');
    const start = headersEnd + 4;
    const end = tailStart + closing;
    if (tail.slice(0, closing).includes(`\r\n${delimiter}\r\n`) || end <= start) throw new InvalidBackupError('backupOnlyFile', { field });
    const fileName = headers.match(/filename="([^"\r\n]{0,200})"/)?.[1] ?? 'backup';
    return { start, end, fileName };
  } finally {
    closeSync(fd);
  }
}

function read(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  readSync(fd, buffer, 0, length, position);
  return buffer;
}
