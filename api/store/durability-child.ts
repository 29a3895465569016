/**
 * Child process of the SIGKILL durability test (api/store/embedded.test.ts), run as
 * `node --import tsx api/store/durability-child.ts <dataDir> <fsync|process>`.
 *
 * Opens the embedded store and loops until killed: insert a project, `$inc` a counter, mark the project
 * acknowledged, then print `acked <n> <counter value>` — only after all three writes were acknowledged.
 * Numbering continues from the projects already stored, so the test can kill and restart it.
 */
import { type Durability, openEmbeddedStore } from './embedded';

const [dataDir, durability] = process.argv.slice(2);
const store = await openEmbeddedStore(dataDir, { durability: durability as Durability });
await store.ensureIndexes();
const projects = store.collection('projects');
const counters = store.collection<{ name: string; value: number }>('counters');
process.stdout.write('ready\n');
for (let n = await projects.countDocuments({ type: 'kill-test' }); ; n += 1) {
  await projects.insertOne({ id: `k${n}`, clientId: 'c1', type: 'kill-test', n });
  const counter = await counters.findOneAndUpdate(
    { name: 'kill-test' },
    { $inc: { value: 1 } },
    { upsert: true, returnDocument: 'after' },
  );
  await projects.updateOne({ id: `k${n}` }, { $set: { acked: true } });
  // process.stdout is synchronous for pipes on Linux: once this returns, the parent can read the line.
  process.stdout.write(`acked ${n} ${counter?.value}\n`);
}
