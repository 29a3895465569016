/**
 * The pictures of an entry PDF at the requested image quality (issue 24 §1 "photos and marked-up images at the
 * requested imageQuality"; docs/decisions.md "PDF image quality"). sharp decodes and re-encodes a picture per call
 * (the entry PDF makes two calls at a time: a 60-photo entry never holds 60 decoded photos), turned upright by its
 * EXIF orientation; a JPEG is decoded at a half, quarter or eighth of its size when that still covers the width.
 *
 * imageQuality q (an integer 1..100, validated by the caller) maps to:
 * - the largest width in pixels: 200 + 18 × q (q = 100: 2000 px; 50: 1100 px; 1: 218 px), never enlarged;
 * - photos as JPEG at quality max(q, 20) (below 20 a photo is blocks; the width already makes it small),
 *   transparent parts on white;
 * - drawings (signatures, and PNG or GIF pictures with transparency such as a site plan) as PNG, lossless (a
 *   signature's lines must stay sharp), at the same largest width.
 */
import sharp from 'sharp';

/** A picture ready for the PDF: its bytes, its pixel size and its format. */
export interface PdfImage {
  bytes: Buffer;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
}

/** The largest width in pixels of a picture at an image quality (see the module comment). */
export function maxImageWidth(imageQuality: number): number {
  return 200 + 18 * clampQuality(imageQuality);
}

/** The JPEG quality of a photo at an image quality. */
export function jpegQuality(imageQuality: number): number {
  return Math.max(clampQuality(imageQuality), 20);
}

function clampQuality(q: number): number {
  return Math.min(100, Math.max(1, Math.round(Number.isFinite(q) ? q : 100)));
}

/**
 * A stored picture resized and re-encoded for the PDF.
 * @param bytes the file's bytes (any format sharp reads: JPEG, PNG, WebP, GIF, TIFF, AVIF, SVG)
 * @param imageQuality 1..100
 * @param kind 'drawing' keeps it lossless (PNG), 'photo' makes a JPEG unless it has transparency
 * @returns undefined when the bytes are not a picture sharp can read (the PDF then names the file)
 */
export async function pdfImage(
  bytes: Uint8Array,
  imageQuality: number,
  kind: 'photo' | 'drawing' = 'photo',
): Promise<PdfImage | undefined> {
  try {
    const input = sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'error' });
    const meta = await input.metadata();
    const lossless = kind === 'drawing' || (meta.hasAlpha === true && meta.format !== 'jpeg');
    const resized = input.rotate().resize({ width: maxImageWidth(imageQuality), withoutEnlargement: true });
    const encoded = lossless
      ? resized.png({ compressionLevel: 6, palette: kind === 'drawing' })
      : resized.flatten({ background: '#ffffff' }).jpeg({ quality: jpegQuality(imageQuality), mozjpeg: false });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, format: lossless ? 'png' : 'jpeg' };
  } catch {
    return undefined;
  }
}
