/** Builds the page into dist/ unless the build is newer than every source file (turbo's `build` usually made it). */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { distDir, packageDir } from "./browser.js";

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** The example configs the page bundles (`examples/*.yaml` etc., not the example packages' folders). */
function exampleConfigs(): string[] {
  const dir = join(packageDir, "..", "..", "examples");
  return readdirSync(dir)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .map((name) => join(dir, name));
}

export async function ensureBuilt(): Promise<void> {
  const built = join(distDir, "index.html");
  const sources = Math.max(
    newest(join(packageDir, "src")),
    newest(join(packageDir, "index.html")),
    newest(join(packageDir, "vite.config.ts")),
    ...exampleConfigs().map(newest),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  await build({ root: packageDir, configFile: join(packageDir, "vite.config.ts"), logLevel: "warn" });
}
