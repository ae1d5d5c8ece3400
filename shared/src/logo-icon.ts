import { PNG } from 'pngjs';

interface Box {
  left: number;
  top: number;
  side: number;
}

/**
 * The app icon from the product logo: the logo's mark (the first shape from the left, the gift
 * box) centred and scaled smoothly onto a transparent square of `size` pixels with a margin.
 */
export function iconFromLogo(logoPng: Buffer, size = 512): Buffer {
  const logo = PNG.sync.read(logoPng);
  const mark = markBox(logo);
  const icon = new PNG({ width: size, height: size });
  const margin = Math.round(size * 0.06);
  const inner = size - 2 * margin;
  for (let y = 0; y < inner; y++) {
    for (let x = 0; x < inner; x++) {
      const pixel = sampleBilinear(logo, mark.left + ((x + 0.5) * mark.side) / inner - 0.5, mark.top + ((y + 0.5) * mark.side) / inner - 0.5);
      icon.data.set(pixel, ((y + margin) * size + x + margin) * 4);
    }
  }
  return PNG.sync.write(icon);
}

/** The square around the first run of non-transparent columns (the mark), its shorter side centred. */
function markBox(image: PNG): Box {
  const opaque = (x: number, y: number) => image.data[(y * image.width + x) * 4 + 3]! > 16;
  const columnHasInk = (x: number) => Array.from({ length: image.height }, (_, y) => y).some((y) => opaque(x, y));
  let left = 0;
  while (left < image.width && !columnHasInk(left)) left++;
  let right = left;
  while (right < image.width && columnHasInk(right)) right++;
  let top = image.height;
  let bottom = 0;
  for (let x = left; x < right; x++) {
    for (let y = 0; y < image.height; y++) {
      if (!opaque(x, y)) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  const width = right - left;
  const height = bottom - top;
  const side = Math.max(width, height);
  return { left: left - (side - width) / 2, top: top - (side - height) / 2, side };
}

/** RGBA at a fractional position, transparent outside the image. */
function sampleBilinear(image: PNG, fx: number, fy: number): number[] {
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (x: number, y: number, c: number) =>
    x < 0 || y < 0 || x >= image.width || y >= image.height ? 0 : image.data[(y * image.width + x) * 4 + c]!;
  return [0, 1, 2, 3].map((c) =>
    Math.round(at(x0, y0, c) * (1 - tx) * (1 - ty) + at(x0 + 1, y0, c) * tx * (1 - ty) + at(x0, y0 + 1, c) * (1 - tx) * ty + at(x0 + 1, y0 + 1, c) * tx * ty),
  );
}
