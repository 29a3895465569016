/**
 * The HTTP load generator of the benchmarks (issue "Performance at scale" §4): autocannon in a child process
 * of its own, so the load never shares the server's event loop and costs little per request (raw sockets and
 * a JavaScript HTTP parser, no fetch/undici stack). One method for every figure: bare Hono, reads and saves.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What to send: `connections` keep-alive connections, each sending its next request once the last is answered. */
export interface LoadOptions {
  url: string;
  /** Concurrent connections (clients). */
  connections: number;
  /** How long to send for (seconds). */
  seconds: number;
  method?: string;
  /** Request headers (e.g. Cookie, Origin, Content-Type). */
  headers?: Record<string, string>;
  /** The request body, the same for every request. */
  body?: string;
  /** Request bodies sent in turn, one per request (instead of `body`), so that saves differ as real ones do. */
  bodies?: string[];
}

/** What came back: answered requests, those with a status other than 2xx, and latency percentiles (ms). */
export interface LoadResult {
  requests: number;
  /** Requests per second over the run. */
  rate: number;
  /** Answers with a status outside 200-299, plus connection errors and timeouts. */
  failures: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The child's script (plain JavaScript, so the child needs no TypeScript loader). */
const CHILD = `
const autocannon = require('autocannon');
// The options come on standard input (a thousand bodies are more than one argument may hold).
const options = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const latencies = [];
let failures = 0;
let sent = 0;
const instance = autocannon({
  url: options.url, connections: options.connections, duration: options.seconds, pipelining: 1,
  method: options.method ?? 'GET', headers: options.headers ?? {}, body: options.body,
  ...(options.bodies ? { requests: [{ setupRequest: (request) => {
    request.body = options.bodies[sent++ % options.bodies.length];
    return request;
  } }] } : {}),
});
instance.on('response', (_client, statusCode, _bytes, ms) => {
  latencies.push(ms);
  if (statusCode < 200 || statusCode > 299) failures++;
});
instance.on('reqError', () => failures++);
instance.on('done', (result) => {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const requests = latencies.length;
  process.stdout.write(JSON.stringify({
    requests, rate: requests / (result.duration || options.seconds), failures: failures + result.timeouts,
    p50: at(0.5), p95: at(0.95), p99: at(0.99),
  }));
});
`;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs one load against `options.url` from a child Node process and resolves with its figures.
 * @throws Error when the child fails or prints no result
 */
export function httpLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify(options));
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        if (code !== 0) throw new Error(`the load generator exited with ${code}`);
        resolve(JSON.parse(out) as LoadResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}
