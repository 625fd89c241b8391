// `npm run bench:web`: how fast the first view of `/` and `/product/:id` is on a phone on 3G (issue #12,
// decision 022). Builds the app if its sources changed, starts the compiled server on a free port with demo
// data, and drives the system Chromium (playwright-core) as a 360×740 phone on 400 kbps with 400 ms round
// trips (Chrome DevTools Protocol Network.emulateNetworkConditions), with a cold cache every time. Prints the
// median of RUNS loads of each page, with the CPU 4× slower: white screen end (first contentful paint), first
// cards (the product page: its title), first picture, the first tap that works (a painted link or GET form in
// the server's markup: decision 060), the app hydrated (app/start.tsx's `app-ready` mark), layout shift, and
// the JavaScript loaded up front (every script the page fetched before it was hydrated, gzipped as the build
// keeps it). Then Lighthouse's mobile performance score for both pages when the
// `lighthouse` package is installed (it runs offline against the same Chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startBuiltServer } from './lib/built-server.mjs';

/* global window, document, MutationObserver, HTMLImageElement, requestAnimationFrame -- recordFirstView and the page functions run in the browser */

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// LIGHTHOUSE_REPORT_DIR=dir keeps each Lighthouse run's full JSON report there (long tasks, main-thread work,
// the LCP element and its phases, unused CSS and JS); BENCH_ONLY=lighthouse or BENCH_ONLY=3g runs one half.
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const ONLY = process.env.BENCH_ONLY;
// Chromium's headless shell when it is installed, as for the journeys (e2e/support/chromium.ts): the same Blink
// and V8 without the desktop browser, whose own pages (Chromium 156 makes its omnibox pop-ups as web pages,
// chrome://omnibox-popup.top-chrome/, for every window) ran beside each measured load on the same two cores
// (decision 077). The full browser otherwise.
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ||
  '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
// 3G as our users have it: 400 kbps both ways, 400 ms round trip.
const NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 400_000 / 8,
  uploadThroughput: 400_000 / 8,
};
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// Runs in the page before any of its scripts: records the moments the bench reports.
function recordFirstView({ contentSelector, pictureSelector }) {
  const bench = { fcp: null, content: null, picture: null, tap: null, app: null, cls: 0 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const seeContent = () => {
    if (bench.content === null && document.querySelector(contentSelector)) bench.content = performance.now();
    // A control that works without scripts: a link of the page's content, or the header's GET search form.
    if (bench.tap === null && document.querySelector(`${contentSelector} a[href], form[action="/search"]`))
      bench.tap = performance.now();
    if (bench.app === null && document.documentElement.dataset.appReady) bench.app = performance.now();
  };
  new MutationObserver(seeContent).observe(document, { childList: true, subtree: true, attributes: true });
  // A picture counts once it has loaded and the browser had a frame to paint it.
  document.addEventListener(
    'load',
    (event) => {
      const target = event.target;
      if (bench.picture !== null || !(target instanceof HTMLImageElement) || !target.matches(pictureSelector))
        return;
      requestAnimationFrame(() => (bench.picture ??= performance.now()));
    },
    true,
  );
}

async function measure(browser, url, selectors) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  // A mid-range phone: Lighthouse's 4× slowdown.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recordFirstView, selectors);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(
    () => window.__bench.content !== null && window.__bench.picture !== null && window.__bench.app !== null,
    null,
    { timeout: 60_000 },
  );
  // Let late shifts (fonts, late pictures) be counted.
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? Infinity;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= ready)
      .map((entry) => new URL(entry.name).pathname);
    return { ...window.__bench, scripts };
  });
  await context.close();
  result.js = result.scripts.reduce((total, script) => total + gzippedSize(script), 0);
  // Content in the HTML is in the page's tree before the first paint: it is seen when it is painted.
  return {
    ...result,
    content: Math.max(result.content, result.fcp ?? 0),
    picture: Math.max(result.picture, result.fcp ?? 0),
  };
}

// A script's size as the build keeps it gzipped (apps/web/scripts/precompress.mjs).
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
function gzippedSize(pathname) {
  const file = path.join(webDist, pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0;
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)];
};
const seconds = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

async function lighthouseScores(urls) {
  let lighthouse;
  try {
    ({ default: lighthouse } = await import(process.env.LIGHTHOUSE_MODULE ?? 'lighthouse'));
  } catch {
    console.log(
      '\nLighthouse: the `lighthouse` package is not installed (npm install --no-save lighthouse); scores skipped.',
    );
    return;
  }
  const port = await freePort();
  const chrome = spawn(
    CHROMIUM,
    [
      ...FLAGS,
      `--remote-debugging-port=${port}`,
      '--user-data-dir=' + mkdtempSync(path.join(tmpdir(), 'oja-lh-')),
      'about:blank',
    ],
    {
      stdio: 'ignore',
    },
  );
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        if (tries > 100) throw new Error('Chromium did not open its debugging port');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    console.log(
      `\nLighthouse mobile performance, median of ${RUNS} runs (its default: Moto G Power, simulated slow 4G, CPU slowed down as printed; ${CHROMIUM})`,
    );
    for (const [name, url] of urls) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (result.lhr.runtimeError) {
          console.log(
            `  ${name.padEnd(16)} no score: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
          );
          continue;
        }
        runs.push(result.lhr);
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          const file = `${name === '/' ? 'home' : 'product'}-${run + 1}.json`;
          writeFileSync(path.join(REPORT_DIR, file), JSON.stringify(result.lhr));
        }
      }
      if (runs.length === 0) continue;
      const score = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
      runs.sort((a, b) => score(a) - score(b));
      const lhr = runs[Math.floor(runs.length / 2)];
      const audits = lhr.audits;
      console.log(
        `  ${name.padEnd(16)} ${String(score(lhr)).padStart(3)} (runs: ${runs.map(score).join(', ')})   FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}; CPU ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x slowdown, this machine's benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      );
    }
  } finally {
    chrome.kill('SIGTERM');
  }
}

if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
const server = await startBuiltServer();
try {
  const list = await (await fetch(`${server.baseUrl}/api/products?pageSize=1`)).json();
  const productId = list.data[0]?.id;
  if (!productId) throw new Error('the demo data has no listing');
  const pages = [
    [
      '/',
      `${server.baseUrl}/`,
      { contentSelector: 'article.product-card', pictureSelector: '.product-card img' },
    ],
    [
      '/product/:id',
      `${server.baseUrl}/product/${productId}`,
      { contentSelector: 'article h1', pictureSelector: '.product-gallery-main img' },
    ],
  ];
  if (ONLY !== 'lighthouse') await firstViewOn3g(pages);
  if (ONLY !== '3g') await lighthouseScores(pages.map(([name, url]) => [name, url]));
} finally {
  server.stop();
}

async function firstViewOn3g(pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  console.log(
    `\nFirst view on a 360×740 phone, 3G (400 kbps, 400 ms RTT), cold cache; median of ${RUNS} loads (${CHROMIUM})`,
  );
  console.log(
    `  ${'page'.padEnd(16)} ${'white screen end'.padStart(17)} ${'first cards'.padStart(12)} ${'first picture'.padStart(14)} ${'first tap works'.padStart(16)} ${'hydrated'.padStart(9)} ${'layout shift'.padStart(13)} ${'JS up front (gzip)'.padStart(19)}`,
  );
  for (const [name, url, selectors] of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url, selectors));
    console.log(
      `  ${name.padEnd(16)} ${seconds(median(runs.map((run) => run.fcp))).padStart(17)} ${seconds(median(runs.map((run) => run.content))).padStart(12)} ${seconds(median(runs.map((run) => run.picture))).padStart(14)} ${seconds(median(runs.map((run) => Math.max(run.tap, run.fcp ?? 0)))).padStart(16)} ${seconds(median(runs.map((run) => run.app))).padStart(9)} ${median(
        runs.map((run) => run.cls),
      )
        .toFixed(3)
        .padStart(13)} ${`${(median(runs.map((run) => run.js)) / 1024).toFixed(1)} KB`.padStart(19)}`,
    );
  }
  await browser.close();
}
