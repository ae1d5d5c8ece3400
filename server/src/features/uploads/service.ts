import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import type { UploadedImage } from '@wishwell/shared/wishlist-types';
import type { DataStore } from '../../db/store';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../http/body-limits';
import { payloadTooLarge, unprocessable } from '../../http/errors';
import { newId } from '../../ids';
import { sniffImage, storedImageType } from './sniff';

/** Cover images: checked by content, stored under random names in `{dataDir}/uploads`. */
export class UploadService {
  readonly folder: string;

  constructor(
    private readonly dataStore: DataStore,
    dataDir: string,
  ) {
    this.folder = join(dataDir, 'uploads');
    mkdirSync(this.folder, { recursive: true });
  }

  /** `uploaderId` is the account, or null for a guest who holds a list's capability. */
  async store(image: File, uploaderId: string | null): Promise<UploadedImage> {
    if (image.size > IMAGE_UPLOAD_LIMIT_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw unprocessable('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    const fileName = `${newId()}.${type.extension}`;
    await Bun.write(join(this.folder, fileName), bytes);
    await this.dataStore.db
      .insert(this.dataStore.tables.uploads)
      .values({ id: newId(), fileName, contentType: type.contentType, sizeBytes: bytes.length, uploadedById: uploaderId, createdAt: new Date() });
    return { url: `/uploads/${fileName}` };
  }

  /** The stored image as a response, or null when no such file exists. */
  async serve(fileName: string): Promise<Response | null> {
    const contentType = storedImageType(fileName);
    if (!contentType) return null;
    const file = Bun.file(join(this.folder, fileName));
    if (!(await file.exists())) return null;
    return new Response(file, {
      headers: {
        'content-type': contentType,
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      },
    });
  }
}
