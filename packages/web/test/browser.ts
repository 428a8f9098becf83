/**
 * Test helpers: the built page served over HTTP from `dist/`, and Debian's Chromium driven by playwright-core.
 * A missing Chromium is an error naming the fix, never a skipped test.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

export const packageDir = fileURLToPath(new URL("..", import.meta.url));
export const distDir = join(packageDir, "dist");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** Where Chromium is: `PLUME_CHROMIUM`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  const path = process.env["PLUME_CHROMIUM"] ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(`Chromium is not installed at ${path}: install it with \`apt-get install -y chromium\` (.ci/run does), or set PLUME_CHROMIUM to a Chromium executable`);
  }
  return path;
}

/** Serves `dir` (the static build) on a free local port, as a static host would. */
export async function serveStatic(dir: string = distDir): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir}/index.html is missing: build the page first (npm run build in packages/web)`);
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Headless Chromium. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
}
