/**
 * The first screens drawn in a worker thread (docs/decisions.md "A form page comes with its first screen"): React's
 * render is synchronous, 60 ms for a 500-question form's first page and 150 ms for a 50 x 8 grid, and on the server's
 * own thread it held up everything else the server was answering meanwhile, the page's own scripts first (they came
 * in 250 ms late on the grid). The worker loads the build's render (dist-render/render.js: renderFirstScreen and
 * warmFirstScreens) once, and draws one page at a time; the server's thread only posts the answers and takes the HTML.
 *
 * A render that takes longer than `timeoutMs`, a worker that fails or exits, and a page asked for while `maxWaiting`
 * others wait are answered undefined: the page is then sent without its first screen, as before. A worker that
 * stopped is started again for the next page.
 */
import { Worker } from 'node:worker_threads';
import type { FirstScreen, FirstScreenRenderer } from './first-answers';

/** What the worker runs: it imports the render module and answers each message with its first screen. */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = import(workerData.url);
loaded.then((m) => m.warmFirstScreens && m.warmFirstScreens()).catch(() => undefined);
parentPort.on('message', async ({ id, url, answers, nonce, viewport }) => {
  let screen;
  try {
    screen = await (await loaded).renderFirstScreen(url, answers, nonce, viewport);
  } catch {
    screen = undefined;
  }
  parentPort.postMessage({ id, screen });
});
`;

/** The worker's options: how long a page may take, how many may wait. */
export interface FirstScreenWorkerOptions {
  /** A render taking longer is given up (ms); default 1000. */
  timeoutMs?: number;
  /** Pages waiting beyond this are sent without their first screen; default 4. */
  maxWaiting?: number;
}

/** The renderer of the worker, and a way to stop it. */
export interface FirstScreenWorker {
  render: FirstScreenRenderer;
  /** Stops the worker (the server's stop). */
  close(): Promise<void>;
}

/**
 * Starts a worker thread drawing first screens with the render module at `moduleUrl` (a file: URL); see the module
 * comment. The worker does not keep the process alive.
 */
export function firstScreenWorker(moduleUrl: string, options: FirstScreenWorkerOptions = {}): FirstScreenWorker {
  const timeoutMs = options.timeoutMs ?? 1000;
  const maxWaiting = options.maxWaiting ?? 4;
  const waiting = new Map<number, (screen: FirstScreen | undefined) => void>();
  let nextId = 0;
  let worker: Worker | undefined;

  const settleAll = () => {
    for (const settle of waiting.values()) settle(undefined);
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_CODE, { eval: true, workerData: { url: moduleUrl } });
    started.unref();
    started.on('message', ({ id, screen }: { id: number; screen: FirstScreen | undefined }) =>
      waiting.get(id)?.(screen),
    );
    const stopped = () => {
      if (worker === started) worker = undefined;
      settleAll();
    };
    started.on('error', stopped);
    started.on('exit', stopped);
    return started;
  };
  worker = start();

  const render: FirstScreenRenderer = (url, answers, nonce, viewport) => {
    if (waiting.size >= maxWaiting) return Promise.resolve(undefined);
    worker ??= start();
    const id = nextId++;
    return new Promise<FirstScreen | undefined>((resolve) => {
      const timer = setTimeout(() => settle(undefined), timeoutMs);
      const settle = (screen: FirstScreen | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(screen);
      };
      waiting.set(id, settle);
      worker?.postMessage({ id, url, answers, nonce, viewport });
    });
  };
  return {
    render,
    close: async () => {
      const stopping = worker;
      worker = undefined;
      settleAll();
      await stopping?.terminate();
    },
  };
}
