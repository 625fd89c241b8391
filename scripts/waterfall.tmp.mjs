import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';
const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
const home = await (await fetch(server.baseUrl + '/')).text();
const productId = /\/product\/([0-9a-f-]{36})/.exec(home)[1];
for (const url of (process.env.PAGES ?? '/').replace('PRODUCT', '/product/' + productId).split(',')) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50000, uploadThroughput: 50000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t0 = Date.now();
  const rows = [];
  const sizes = new Map();
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  const starts = new Map();
  cdp.on('Network.requestWillBeSent', (e) => starts.set(e.requestId, { url: e.request.url, at: Date.now() - t0 }));
  cdp.on('Network.loadingFinished', (e) => { const s = starts.get(e.requestId); if (s) rows.push({ ...s, end: Date.now() - t0, kb: (e.encodedDataLength/1024).toFixed(1) }); });
  await page.goto(server.baseUrl + url, { waitUntil: 'load', timeout: 60000 });
  await page.waitForFunction(() => document.documentElement.dataset.appReady, null, { timeout: 60000 });
  const ready = Date.now() - t0;
  await page.waitForTimeout(4000);
  console.log(`\n${url}: app ready ~${ready} ms`);
  rows.sort((a, b) => a.at - b.at);
  let total = 0;
  for (const r of rows) { total += Number(r.kb); console.log(`${String(r.at).padStart(6)} ${String(r.end).padStart(6)} ${r.kb.padStart(6)} KB  ${r.url.replace(server.baseUrl, '').slice(0, 90)}`); }
  console.log('total KB', total.toFixed(1));
  await context.close();
}
await browser.close();
server.stop();
