/**
 * The offline module's test hooks (runtime/offline/http.ts): what localStorage asks, and what is taken of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { repeatRequests, uploadChunkBytes } from './http';

describe('the offline test hooks', () => {
  afterEach(() => {
    localStorage.removeItem('siteforms.test.repeatRequests');
    localStorage.removeItem('siteforms.test.uploadChunkBytes');
  });

  it('repeat every request only when asked with "1"', () => {
    expect(repeatRequests()).toBe(false);
    localStorage.setItem('siteforms.test.repeatRequests', 'yes');
    expect(repeatRequests()).toBe(false);
    localStorage.setItem('siteforms.test.repeatRequests', '1');
    expect(repeatRequests()).toBe(true);
  });

  it('take an upload chunk size from 16 KiB to 1 MiB, and nothing else', () => {
    expect(uploadChunkBytes()).toBeUndefined();
    for (const [asked, taken] of [
      ['65536', 65536],
      ['16384', 16384],
      ['1048576', 1048576],
      ['16383', undefined],
      ['1048577', undefined],
      ['65536.5', undefined],
      ['64 KiB', undefined],
      ['', undefined],
    ] as const) {
      localStorage.setItem('siteforms.test.uploadChunkBytes', asked);
      expect(uploadChunkBytes(), asked).toBe(taken);
    }
  });
});
