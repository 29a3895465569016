/**
 * A CPU profile of this process around one part of a benchmark (BENCH_PROFILE), through node:inspector: the
 * `.cpuprofile` file (open it in Chrome DevTools) and the functions with the most self time, printed.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository's address as profile frames name it (file:///…/). */
const root = new URL('../..', import.meta.url).href;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Runs `work` under the CPU profiler, writes the profile to `<tmpdir>/<name>.cpuprofile` and prints the `top`
 * functions by self time (ms and share of the samples). Resolves with what `work` resolved with.
 */
export async function profiled<T>(name: string, work: () => Promise<T>, top = 30): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  session.disconnect();
  const file = path.join(tmpdir(), `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) => {
    const frame = node.callFrame;
    const where = frame.url
      ? `${frame.url.replace(root, '').replace(/^.*\/node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    return `${frame.functionName || '(anonymous)'} ${where}`;
  };
  const self = new Map<string, number>();
  // Inclusive time of the project's own functions (not node_modules): where the time goes from our side.
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const key = label(byId.get(id)!);
    self.set(key, (self.get(key) ?? 0) + ms);
    total += ms;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (!node.callFrame.url.startsWith(root) || node.callFrame.url.includes('/node_modules/')) continue;
      const name = label(node);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const print = (map: Map<string, number>) => {
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  };
  console.log(`\nCPU profile of ${name}: ${file} (${total.toFixed(0)} ms sampled); most self time:`);
  print(self);
  console.log("most time in the project's own functions (with what they call):");
  print(inclusive);
  return result;
}
