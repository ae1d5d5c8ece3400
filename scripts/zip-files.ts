import { crc32, deflateRawSync } from 'node:zlib';

/** A file for a zip archive: its path inside the archive and its bytes. */
export interface ZipEntry {
  path: string;
  data: Uint8Array;
}

/**
 * A zip archive of `entries` (deflated, no directories, fixed timestamps so a build is
 * reproducible): what browser extension stores and `about:debugging` take.
 */
export function zipFiles(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const packed = deflateRawSync(entry.data, { level: 9 });
    const fields = { crc: crc32(entry.data), packed: packed.length, size: entry.data.length };
    const local = header(0x04034b50, 30, name, fields);
    locals.push(local, name, packed);
    centrals.push(centralHeader(name, fields, offset), name);
    offset += local.length + name.length + packed.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

interface Sizes {
  crc: number;
  packed: number;
  size: number;
}

const DEFLATE = 8;
const DOS_DATE_1980 = 0x21; // 1 January 1980

/** The local file header (30 bytes before the name). */
function header(signature: number, length: number, name: Buffer, { crc, packed, size }: Sizes): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUInt32LE(signature, 0);
  bytes.writeUInt16LE(20, 4); // version needed: 2.0
  bytes.writeUInt16LE(0x0800, 6); // names are UTF-8
  bytes.writeUInt16LE(DEFLATE, 8);
  bytes.writeUInt16LE(DOS_DATE_1980, 12);
  bytes.writeUInt32LE(crc, 14);
  bytes.writeUInt32LE(packed, 18);
  bytes.writeUInt32LE(size, 22);
  bytes.writeUInt16LE(name.length, 26);
  return bytes;
}

/** The central directory's record (46 bytes before the name): the same fields, one place later, and where the entry starts. */
function centralHeader(name: Buffer, sizes: Sizes, offset: number): Buffer {
  const local = header(0x02014b50, 46, name, sizes);
  const bytes = Buffer.alloc(46);
  bytes.writeUInt32LE(0x02014b50, 0);
  bytes.writeUInt16LE(20, 4); // made by: version 2.0
  local.copy(bytes, 6, 4, 30); // version needed .. name length
  bytes.writeUInt32LE(offset, 42);
  return bytes;
}
