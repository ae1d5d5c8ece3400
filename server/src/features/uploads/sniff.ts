/** The image formats covers may be, told apart by their first bytes (never by name or declared type). */
export interface SniffedImage {
  extension: 'jpg' | 'png' | 'webp' | 'gif';
  contentType: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { extension: 'gif', contentType: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { extension: 'webp', contentType: 'image/webp' };
  return null;
}

const CONTENT_TYPES: Record<SniffedImage['extension'], string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** A stored file's name is `{random id}.{sniffed extension}`; anything else is not ours. */
export function storedImageType(fileName: string): string | null {
  const match = fileName.match(/^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|gif)$/);
  return match ? CONTENT_TYPES[match[1] as SniffedImage['extension']] : null;
}
