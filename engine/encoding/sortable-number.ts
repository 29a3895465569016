/** An order-preserving text encoding of numbers (issue 20: the store no longer imports engine/registers). */
const view = new DataView(new ArrayBuffer(8));

/**
 * 16 hex digits whose string order is the order of the numbers (IEEE 754 bits, sign-flipped; NaN first). Shared by
 * the embedded store's index keys (api/store/index-key.ts) and the registers' sort keys
 * (engine/registers/sort-key.ts), which must order numbers alike.
 * @example sortableNumber(-1) < sortableNumber(0) && sortableNumber(0) < sortableNumber(2.5)
 */
export function sortableNumber(value: number): string {
  if (Number.isNaN(value)) return '0000000000000000';
  view.setFloat64(0, value === 0 ? 0 : value);
  let hi = view.getUint32(0);
  let lo = view.getUint32(4);
  if (hi & 0x80000000) {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
  } else {
    hi = (hi | 0x80000000) >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/**
 * The number `sortableNumber` encoded (its inverse; the embedded store reads grouped index keys back with it).
 * @example numberOfSortable(sortableNumber(-2.5)) === -2.5
 */
export function numberOfSortable(hex: string): number {
  let hi = Number.parseInt(hex.slice(0, 8), 16);
  let lo = Number.parseInt(hex.slice(8, 16), 16);
  if (hi & 0x80000000) {
    hi = (hi & 0x7fffffff) >>> 0;
  } else {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
  }
  view.setUint32(0, hi);
  view.setUint32(4, lo);
  return view.getFloat64(0);
}
