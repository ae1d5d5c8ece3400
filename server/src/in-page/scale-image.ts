interface ScaleRequest {
  base64: string;
  contentType: string;
  maxSide: number;
  quality: number;
}

/** Runs in the page: the image's WebP scaled to maxSide (base64), or null when it is no larger. */
export async function scaleInPage({ base64, contentType, maxSide, quality }: ScaleRequest): Promise<string | null> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: contentType }));
  const scale = maxSide / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) return null;
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const webp = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/webp', quality })).arrayBuffer());
  let binary = '';
  for (let start = 0; start < webp.length; start += 0x8000) binary += String.fromCharCode(...webp.subarray(start, start + 0x8000));
  return btoa(binary);
}
