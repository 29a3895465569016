import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, parseViewport, viewportFor, viewportText } from './first-viewport';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('viewportFor', () => {
  it("draws for a phone when the browser's client hint or user agent says it is one", () => {
    expect(viewportFor({ mobileHint: '?1' })).toEqual(PHONE_VIEWPORT);
    expect(viewportFor({ userAgent: IPHONE })).toEqual(PHONE_VIEWPORT);
    expect(viewportFor({ mobileHint: '?0', userAgent: ANDROID_PHONE })).toEqual(PHONE_VIEWPORT);
  });

  it('draws for a desktop otherwise (a tablet, a desktop, no headers)', () => {
    expect(viewportFor({ mobileHint: '?0', userAgent: ANDROID_TABLET })).toEqual(DESKTOP_VIEWPORT);
    expect(viewportFor({ userAgent: DESKTOP })).toEqual(DESKTOP_VIEWPORT);
    expect(viewportFor({})).toEqual(DESKTOP_VIEWPORT);
  });
});

describe('viewportText and parseViewport', () => {
  it('write a viewport into the page and read it back; anything else reads as the desktop', () => {
    expect(viewportText(PHONE_VIEWPORT)).toBe('390x844');
    expect(parseViewport(viewportText(PHONE_VIEWPORT))).toEqual(PHONE_VIEWPORT);
    expect(parseViewport('')).toEqual(DESKTOP_VIEWPORT);
    expect(parseViewport(null)).toEqual(DESKTOP_VIEWPORT);
    expect(parseViewport('390x844;x')).toEqual(DESKTOP_VIEWPORT);
  });
});
