/**
 * How busy the server's event loop has been lately: Node's event-loop utilisation (perf_hooks
 * `eventLoopUtilization`, the share of time the loop spent running code rather than waiting, 0 to 1), sampled every
 * `intervalMs`. The server draws a form page's first screen only while it is at most FIRST_SCREEN_MAX_LOAD
 * (docs/decisions.md "A form page comes with its first screen"): the render is 20-60 ms of the loop per page, a
 * courtesy the API's own answers come before.
 */
import { performance } from 'node:perf_hooks';

/** Above this utilisation the server sends form pages without their first screen (FIRST_SCREEN_MAX_LOAD's default). */
export const FIRST_SCREEN_MAX_LOAD = 0.75;

/** The loop's utilisation over the last whole interval (0 until the first has passed). */
export interface LoopLoad {
  utilization(): number;
  /** Stops sampling. */
  stop(): void;
}

/** Starts sampling the event loop's utilisation every `intervalMs` (the timer does not keep the process alive). */
export function watchLoopLoad(intervalMs = 500): LoopLoad {
  let last = performance.eventLoopUtilization();
  let value = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    value = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, intervalMs);
  timer.unref();
  return { utilization: () => value, stop: () => clearInterval(timer) };
}
