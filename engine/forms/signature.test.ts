import { drawnBox, signatureCanvasHeight } from './signature';

describe('signature pad rules (form-configuration.md §5)', () => {
  it('forces the canvas height to 500 under 500 or over 800', () => {
    expect(signatureCanvasHeight(300)).toBe(500);
    expect(signatureCanvasHeight(650)).toBe(650);
    expect(signatureCanvasHeight(900)).toBe(500);
  });

  it('crops to the drawn pixels with 5 px of padding, within the canvas', () => {
    const width = 40;
    const height = 30;
    const pixels = new Uint8ClampedArray(width * height * 4).fill(255); // white, opaque
    const ink = (x: number, y: number) => pixels.set([0, 0, 0, 255], (y * width + x) * 4);
    expect(drawnBox(pixels, width, height)).toBeNull();
    ink(10, 12);
    ink(20, 15);
    expect(drawnBox(pixels, width, height)).toEqual({ x: 5, y: 7, width: 21, height: 14 });
    ink(1, 1);
    expect(drawnBox(pixels, width, height)).toEqual({ x: 0, y: 0, width: 26, height: 21 });
  });
});
