#!/usr/bin/env node
// Measures the page in headless Chromium (Debian's, via playwright-core): time to the first drawn frame and the
// drawing frame rate at 128x128 and 512x512, and the worker loop's steps per second. Needs the built page
// (`npm run web:measure` at the root builds it). Prints a Markdown table and writes .scratch/web-measure.json.
/* global window, document, Event -- page.evaluate callbacks run in the page */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL("..", import.meta.url));
const dist = join(here, "dist");
const SECONDS = Number(process.env.MEASURE_SECONDS ?? 3);
const executablePath = process.env.PLUME_CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`Chromium is not installed at ${executablePath}: apt-get install -y chromium (or set PLUME_CHROMIUM)`);
  process.exit(1);
}
if (!existsSync(join(dist, "index.html"))) {
  console.error("the page is not built: run `npm run web:measure` at the repository root (it builds it)");
  process.exit(1);
}

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
const server = createServer((req, res) => {
  let file = join(dist, normalize(new URL(req.url ?? "/", "http://x").pathname).replace(/^(\.\.[/\\])+/, ""));
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!file.startsWith(dist) || !existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const version = browser.version();

const rows = [];
let warmedUp = false;
try {
  // One discarded load first, so both sizes start from the same (warm) browser.
  for (const grid of [128, 128, 512]) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 960 } });
    const page = await context.newPage();
    await page.goto(`${url}?grid=${grid}`);
    await page.waitForFunction(() => window.plumePage?.firstFrameMs() !== undefined, null, { timeout: 120_000 });
    const firstFrameMs = await page.evaluate(() => window.plumePage.firstFrameMs());
    if (!warmedUp) {
      warmedUp = true;
      await context.close();
      continue;
    }
    // Drawing: the episode runs at full speed while every animation frame redraws the field, trail, agent and charts.
    await page.evaluate(() => {
      const speed = document.getElementById("speed");
      speed.value = "10";
      speed.dispatchEvent(new Event("input"));
    });
    await page.click("#run");
    const drawing = await page.evaluate((s) => window.plumePage.measureDrawing(s), SECONDS);
    await page.click("#pause");
    // The worker loop alone: the same episode stepped as fast as it goes (reset at each end), nothing drawn.
    const bench = await page.evaluate((s) => window.plumePage.benchWorker(s), SECONDS);
    rows.push({ grid, firstFrameMs, fps: drawing.fps, msPerDraw: drawing.msPerDraw, loopStepsPerSecond: bench.loop.steps / bench.loop.seconds, bareStepsPerSecond: bench.bare.steps / bench.bare.seconds });
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), Chromium ${version} headless`;
console.log(`| grid | first frame (ms after navigation start) | drawing frame rate (fps) | ms per full redraw | worker loop, steps/s (with views) | bare steps/s |`);
console.log(`|---|---|---|---|---|---|`);
const k = (v) => `${Math.round(v / 1000)}k`;
for (const r of rows) console.log(`| ${r.grid}x${r.grid} | ${r.firstFrameMs.toFixed(0)} | ${r.fps.toFixed(1)} | ${r.msPerDraw.toFixed(2)} | ${k(r.loopStepsPerSecond)} | ${k(r.bareStepsPerSecond)} |`);
console.log(`\n${machine}; ${SECONDS} s per measurement; temporal-gradient on the default Gaussian plume (sigma 12)`);
mkdirSync(join(here, "..", "..", ".scratch"), { recursive: true });
writeFileSync(join(here, "..", "..", ".scratch", "web-measure.json"), `${JSON.stringify({ machine, seconds: SECONDS, rows }, null, 2)}\n`);
