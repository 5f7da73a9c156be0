/** The largest image accepted as a signature or seal (bytes): a drawn pad or a phone photo fits. */
export const SIGN_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
/** Larger sources are refused before decoding (a small file can claim huge dimensions). */
const MAX_SOURCE_PIXELS = 6000 * 6000;
/** What a trimmed signature is scaled down to at most: enough for a form and for print. */
const MAX_WIDTH = 800;
const MAX_HEIGHT = 400;
/** Pixels at least this light count as paper: a photographed or scanned signature loses its background. */
const PAPER_LUMINANCE = 225;

/**
 * A signature or seal image as forms show it: every paper-light pixel transparent, the empty border cut
 * off, scaled to fit, as PNG. Null when nothing is left (a blank pad or a white picture).
 */
export async function cleanSignImage(bytes: Buffer): Promise<Buffer | null> {
  // sharp (libvips) is loaded on the first image, not at every start
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (luminance >= PAPER_LUMINANCE) data[i + 3] = 0;
    if (data[i + 3]! > 0) inked++;
  }
  if (inked === 0) return null;
  const raw = { width: info.width, height: info.height, channels: 4 as const };
  // trim compares with the top-left pixel, which may be ink: cut to the ink's bounding box ourselves
  const box = inkBox(data, info.width, info.height);
  return sharp(data, { raw })
    .extract(box)
    .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** The smallest rectangle holding every pixel that is not fully transparent. */
function inkBox(data: Buffer, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
