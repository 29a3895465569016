/**
 * Signature pad rules (form-configuration.md §5 "Signature pad", §9): the canvas height is forced to 500
 * when under 500 or over 800; the saved image is cropped to the drawn area with 5 px of padding; strokes
 * 0.5 to 1.5 px wide on a white background. Pure: the widget hands in the canvas's pixels.
 */

/** Stroke widths of the pad, px (§9). */
export const SIGNATURE_STROKE = { minWidth: 0.5, maxWidth: 1.5 } as const;
/** Background of the pad (§9). */
export const SIGNATURE_BACKGROUND = 'rgb(255, 255, 255)';
/** Padding kept around the drawn area when cropping, px (§5). */
export const SIGNATURE_PADDING = 5;
/** The canvas is resized this long after it is first shown, ms (§9). */
export const SIGNATURE_RESIZE_DELAY_MS = 1000;

/** The canvas height to use: 500 when the given one is under 500 or over 800 (§5). */
export function signatureCanvasHeight(height: number): number {
  return height < 500 || height > 800 ? 500 : height;
}

/**
 * The box to crop a signature to: the drawn (non-white, non-transparent) pixels plus padding, within the
 * canvas; null when nothing is drawn.
 * @param pixels RGBA bytes of the canvas, row by row (ImageData.data)
 */
export function drawnBox(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  padding = SIGNATURE_PADDING,
): { x: number; y: number; width: number; height: number } | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const alpha = pixels[i + 3];
      const white = pixels[i] > 245 && pixels[i + 1] > 245 && pixels[i + 2] > 245;
      if (alpha === 0 || white) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return null;
  const x = Math.max(0, minX - padding);
  const y = Math.max(0, minY - padding);
  return {
    x,
    y,
    width: Math.min(width, maxX + padding + 1) - x,
    height: Math.min(height, maxY + padding + 1) - y,
  };
}
