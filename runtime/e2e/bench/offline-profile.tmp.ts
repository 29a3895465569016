import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../browser';
import { runSyncScenario, takeProjectOffline } from '../offline-steps';
import { logInThroughApi, logInThroughPage } from '../platform';
import { freePort, startPlatform } from '../server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-bench-offline-'));
const platform = await startPlatform(dataDir, await freePort());
const browser = await launchBrowser();
try {
  const device = await browser.newContext();
  const page = await device.newPage();
  await logInThroughPage(page, platform.url, 'user@demo.local');
  await takeProjectOffline(page, platform.url);
  const cookie = await logInThroughApi(platform.url, 'user@demo.local');
  const cdp = await device.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const origGoto = page.goto.bind(page);
  let started = false;
  (page as any).goto = async (url: string, o?: any) => {
    const r = await origGoto(url, o);
    if (!url.endsWith('/add') && !started) { started = true; await cdp.send('Profiler.start'); }
    return r;
  };
  const run = await runSyncScenario(page, platform.url, cookie, {
    entries: Number(process.env.N ?? 10), photoKiB: 1024, link: { kbit: 3000, latencyMs: 400 }, tag: `P ${Date.now()}`,
  });
  console.log(run);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  writeFileSync('/tmp/offline-sync.cpuprofile', JSON.stringify(profile));
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
