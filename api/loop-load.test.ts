/** The event loop's load gauge (api/http/loop-load.ts) the server reads before drawing a first screen. */
import { describe, expect, it } from 'vitest';
import { watchLoopLoad } from './http/loop-load';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchLoopLoad', () => {
  it('reads a loop that only waits as idle, and one kept running as busy', async () => {
    const load = watchLoopLoad(100);
    try {
      expect(load.utilization()).toBe(0);
      await wait(250);
      expect(load.utilization()).toBeLessThan(0.5);
      // The loop kept running for 400 ms: every sample of it is busy.
      const end = Date.now() + 400;
      while (Date.now() < end) Math.sqrt(Math.random());
      await wait(0);
      await wait(5);
      expect(load.utilization()).toBeGreaterThan(0.75);
    } finally {
      load.stop();
    }
  });
});
