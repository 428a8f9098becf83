/**
 * Vite config of the page. `virtual:plume-plugins` imports every plugin package of `@plume/env`'s catalog
 * (`BUILTIN_PLUGIN_PACKAGES`) that this package can resolve — its dependencies — so a new plume model,
 * sensor or action package shows up in the page by adding it to package.json, and nothing else.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILTIN_PLUGIN_PACKAGES, BUNDLED_PLUGINS } from "@plume/env";
import { defineConfig, type Plugin } from "vite";

const VIRTUAL = "virtual:plume-plugins";
const RESOLVED = `\0${VIRTUAL}`;
const here = fileURLToPath(new URL(".", import.meta.url));

/**
 * The catalog's plugin packages that this package resolves (its dependencies), other than `@plume/env` and
 * the packages whose plugins `@plume/env` bundles already; the policies are not config plugins here.
 */
async function resolvablePluginPackages(resolve: (name: string) => Promise<string | undefined>): Promise<{ name: string; id: string }[]> {
  const bundled = new Set(BUNDLED_PLUGINS.map((p) => `${p.kind}:${p.name}`));
  const names = new Set(BUILTIN_PLUGIN_PACKAGES.filter((e) => e.kind !== "policy" && !bundled.has(`${e.kind}:${e.name}`)).map((e) => e.package));
  const found: { name: string; id: string }[] = [];
  for (const name of names) {
    const id = await resolve(name);
    if (id !== undefined) found.push({ name, id });
  }
  return found;
}

function plumePlugins(): Plugin {
  return {
    name: "plume-plugins",
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const importer = join(here, "index.html");
      const packages = await resolvablePluginPackages(async (name) => (await this.resolve(name, importer))?.id);
      const imports = packages.map(({ id }, i) => `import * as m${i} from ${JSON.stringify(id)};`);
      const list = packages.map(({ name }, i) => `{ name: ${JSON.stringify(name)}, module: m${i} }`);
      return `${imports.join("\n")}\nexport const pluginPackages = [${list.join(", ")}];\n`;
    },
  };
}

export default defineConfig({
  base: "./",
  plugins: [plumePlugins()],
  worker: { format: "es", plugins: () => [plumePlugins()] },
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
