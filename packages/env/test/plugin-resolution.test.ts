/**
 * Plugin resolution by name and the trust model for configs: built-in names resolve to their packages
 * (imported when a config names them; a clear "install" error when missing), third-party packages
 * resolve only from the user's project, module paths need allowModulePaths — and a refused module's
 * top-level code never runs.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigurationError, ValidationError, isPlugin } from "@plume/core-types";
import { WindVectorSensor, plugins as windPlugins } from "@plume/sensors-wind";
import { OrientedGridActions, plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as composePlugins } from "@plume/sensors-compose";
import { plugins as continuousPlugins } from "@plume/actions-continuous";
import { plugins as concentrationPlugins } from "@plume/sensors-concentration";
import { plugins as discretePlugins } from "@plume/actions-discrete";
import { TurbulentPlume, TurbulentWind, plugins as turbulentPlugins } from "@plume/plume-turbulent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILTIN_PLUGIN_PACKAGES,
  BUNDLED_PLUGINS,
  createEnvironmentFromConfig as createFromObject,
  createEnvironmentFromConfigSync,
  pluginPackageFor,
  plugins as envPlugins,
  registerPluginPackage,
  registerPlugins,
  resolvePluginSync,
} from "../src/index.js";
import { createEnvironmentFromConfig, resolvePlugin } from "../src/node.js";
import { expectError, expectRejection } from "./helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");

/** A module whose top-level code leaves a mark, so a test can tell whether it ran. */
const MARKING_PLUGIN = (mark: string, name: string, kind = "sensor") => `
globalThis.__plumeMarks = [...(globalThis.__plumeMarks ?? []), ${JSON.stringify(mark)}];
import { definePlugin } from "@plume/core-types";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import { z } from "zod";
export const plugin = definePlugin({ kind: ${JSON.stringify(kind)}, name: ${JSON.stringify(name)}, options: z.strictObject({}), create: () => new ConcentrationSensor() });
`;

const marks = (): string[] => (globalThis as { __plumeMarks?: string[] }).__plumeMarks ?? [];

let root: string;
let project: string;
let elsewhere: string;

function writePackage(modules: string, name: string, manifest: Record<string, unknown>, code: string): void {
  const dir = join(modules, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", exports: "./index.js", ...manifest }));
  writeFileSync(join(dir, "index.js"), code);
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "plume-env-resolution-")));
  // The user's project, with its own plugin packages installed.
  project = join(root, "project");
  const modules = join(project, "node_modules");
  mkdirSync(join(modules, "@plume"), { recursive: true });
  const linkDeps = (into: string) => {
    mkdirSync(join(into, "@plume"), { recursive: true });
    for (const dep of ["@plume/core-types", "@plume/spaces", "@plume/sensors-concentration", "zod"]) {
      symlinkSync(realpathSync(join(packageDir, "node_modules", dep)), join(into, dep), "dir");
    }
  };
  linkDeps(modules);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "lab", private: true, dependencies: { "@acme/plume-sensors": "1.0.0" } }));
  // A plugin package that adds its names to the catalog in its package.json.
  writePackage(
    modules,
    "@acme/plume-sensors",
    { plume: { plugins: [{ kind: "sensor", name: "acme_nose" }, { kind: "policy", name: "acme_walker" }] } },
    `${MARKING_PLUGIN("acme", "acme_nose")}
import { definePlugin as define } from "@plume/core-types";
export const plugins = [plugin, define({ kind: "sensor", name: "acme_eye", options: z.strictObject({}), create: () => new ConcentrationSensor() }),
  define({ kind: "policy", name: "acme_walker", options: z.strictObject({}), create: () => ({ selectAction: () => 0, reset() {}, getMetadata: () => ({ type: "walker" }) }) })];
`,
  );
  writePackage(modules, "acme-single", {}, MARKING_PLUGIN("acme-single", "acme-single"));
  // A downloaded experiment: a config with a package and a module of its own beside it.
  elsewhere = join(root, "downloads", "experiment");
  linkDeps(join(elsewhere, "node_modules"));
  writePackage(join(elsewhere, "node_modules"), "evil-plugin", {}, MARKING_PLUGIN("evil-package", "evil-plugin"));
  writeFileSync(join(elsewhere, "evil.mjs"), MARKING_PLUGIN("evil-module", "evil"));
  writeFileSync(join(elsewhere, "package-config.json"), JSON.stringify({ gridSize: [8, 8], sensor: "evil-plugin" }));
  writeFileSync(join(elsewhere, "module-config.yaml"), "gridSize: [8, 8]\nsensor:\n  type: multi_modal\n  options:\n    sensors:\n      odor: concentration\n      evil: ./evil.mjs\n");
  writeFileSync(join(project, "local.mjs"), MARKING_PLUGIN("local-module", "local"));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the catalog: every built-in name resolves to the package that exports it", () => {
  it("lists each plugin of each @plume plugin package, and nothing those packages do not export", () => {
    const exported = [envPlugins, concentrationPlugins, windPlugins, composePlugins, discretePlugins, continuousPlugins, orientedPlugins, turbulentPlugins].flat();
    const catalogued = BUILTIN_PLUGIN_PACKAGES.filter((e) => !["@plume/policies", "@plume/plume-movie"].includes(e.package));
    expect(catalogued.map((e) => `${e.kind}:${e.name}`).sort()).toEqual(exported.map((p) => `${p.kind}:${p.name}`).sort());
    expect(pluginPackageFor("sensor", "wind_vector")?.package).toBe("@plume/sensors-wind");
    expect(pluginPackageFor("action", "surge_cast")?.package).toBe("@plume/actions-oriented");
    expect(pluginPackageFor("plume", "movie")?.package).toBe("@plume/plume-movie");
    expect(pluginPackageFor("plume", "turbulent")?.package).toBe("@plume/plume-turbulent");
    expect(pluginPackageFor("policy", "greedy")?.package).toBe("@plume/policies");
  });

  it("agrees with the names each plugin package declares in its package.json", () => {
    for (const pkg of new Set(BUILTIN_PLUGIN_PACKAGES.map((e) => e.package))) {
      if (["@plume/plume-movie", "@plume/policies"].includes(pkg)) continue;
      const manifest = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`${pkg}/package.json`), "utf8")) as { plume?: { plugins?: unknown } };
      const declared = (manifest.plume?.plugins ?? []) as { kind: string; name: string }[];
      expect(declared.map((d) => `${d.kind}:${d.name}`).sort(), pkg).toEqual(
        BUILTIN_PLUGIN_PACKAGES.filter((e) => e.package === pkg).map((e) => `${e.kind}:${e.name}`).sort(),
      );
    }
  });

  it("the default sensor's and action model's packages ship with @plume/env: their names need no import", () => {
    expect(BUNDLED_PLUGINS.map((p) => p.name).sort()).toEqual(
      ["antennae", "concentration", "concentration_history", "constant", "discrete", "eight_direction", "gaussian", "sparse", "step_penalty"],
    );
    expect(resolvePluginSync("sensor", "antennae")).toBe(concentrationPlugins.find((p) => p.name === "antennae"));
  });

  it("a name from an optional package is imported when a config names it", async () => {
    const env = await createFromObject({ gridSize: [8, 8], sensor: "wind_vector", action: "oriented" });
    expect(env.sensor).toBeInstanceOf(WindVectorSensor);
    expect(env.actionProcessor).toBeInstanceOf(OrientedGridActions);
    const [obs] = env.reset({ seed: 1 });
    expect(env.observationSpace.contains(obs)).toBe(true);
  });

  it("the turbulent plume and its wind are imported by name (plume and wind sections)", async () => {
    const options = { windRegion: [0, 40, -10, 10], windNodes: [9, 5], cellSize: 2, warmupSeconds: 5, stepsPerEnvStep: 5 };
    const env = await createFromObject({ plume: { type: "turbulent", options }, wind: { type: "turbulent", options }, sensor: "wind_vector" });
    expect(env.plume).toBeInstanceOf(TurbulentPlume);
    expect(env.wind).toBeInstanceOf(TurbulentWind);
    const [obs] = env.reset({ seed: 1 });
    expect(env.observationSpace.contains(obs)).toBe(true);
  });

  it("a name whose package is not installed says which package to install, with the config path", async () => {
    // (@plume/plume-movie and @plume/plume-turbulent are dev dependencies here: a catalog name of a package
    // that is not installed stands in for them.)
    const unregister = registerPluginPackage({ kind: "plume", name: "nowhere", package: "@acme/plume-nowhere" });
    try {
      const missing = await expectRejection(createEnvironmentFromConfig({ plume: { type: "nowhere", options: { path: "x.zarr" } } }), ConfigurationError, "plume.type");
      expect(missing.message).toContain("install @acme/plume-nowhere");
      expect(missing.message).toContain("plume.type");
      expect(missing.expected).toContain("@acme/plume-nowhere");
    } finally {
      unregister();
    }
    // @plume/policies is not installed beside @plume/env here (it depends on env, not the other way round).
    const policy = await expectRejection(resolvePlugin("policy", "greedy", { projectDir: project }), ConfigurationError, "policy.type");
    expect(policy.message).toContain("install @plume/policies");
  });

  it("the synchronous form imports nothing and says how to supply such a plugin", () => {
    const error = expectError(() => createEnvironmentFromConfigSync({ sensor: "wind_vector" }), ConfigurationError, "sensor.type");
    expect(error.message).toContain("@plume/sensors-wind");
    expect(error.message).toContain("registerPlugins");
    expect(createEnvironmentFromConfigSync({ sensor: "wind_vector" }, { plugins: [...windPlugins] }).sensor).toBeInstanceOf(WindVectorSensor);
  });

  it("registerPlugins makes plugins available to every config, and its return value takes them back", () => {
    const unregister = registerPlugins(windPlugins, { plugins: orientedPlugins });
    try {
      const env = createEnvironmentFromConfigSync({ sensor: "wind_vector", action: "surge_cast" });
      expect(env.sensor).toBeInstanceOf(WindVectorSensor);
      expect(registerPlugins(windPlugins)).toBeTypeOf("function"); // the same plugins again: fine
    } finally {
      unregister();
    }
    expectError(() => createEnvironmentFromConfigSync({ sensor: "wind_vector" }), ConfigurationError, "sensor.type");
    expectError(() => registerPlugins({ notAPlugin: true } as never), ValidationError, "plugins");
  });

  it("an unknown name suggests the closest known one", async () => {
    const typo = expectError(() => createEnvironmentFromConfigSync({ sensor: "antenae" }), ConfigurationError, "sensor.type");
    expect(typo.message).toContain('did you mean "antennae"?');
    const async = await expectRejection(createFromObject({ action: "run-tumble" }), ConfigurationError, "action.type");
    expect(async.message).toContain('did you mean "run_tumble"?');
    const otherKind = await expectRejection(createFromObject({ reward: "wind_vector" }), ConfigurationError, "reward.type");
    expect(otherKind.message).toContain("is a sensor plugin, not a reward plugin");
  });
});

describe("third-party names: the table grows", () => {
  it("a package the project depends on declares its names in package.json", async () => {
    const env = await createEnvironmentFromConfig({ gridSize: [8, 8], sensor: "acme_nose" }, { projectDir: project });
    expect(env.sensor.getMetadata().type).toBe("concentration_sensor");
    const walker = await resolvePlugin("policy", "acme_walker", { projectDir: project });
    expect(isPlugin(walker, "policy")).toBe(true);
  });

  it("registerPluginPackage adds a name at run time; built-in names are reserved", async () => {
    const remove = registerPluginPackage({ kind: "sensor", name: "acme_eye", package: "@acme/plume-sensors" });
    try {
      const env = await createEnvironmentFromConfig({ gridSize: [8, 8], sensor: "acme_eye" }, { projectDir: project });
      expect(env.sensor).toBeDefined();
    } finally {
      remove();
    }
    await expectRejection(createEnvironmentFromConfig({ sensor: "acme_eye" }, { projectDir: project }), ConfigurationError, "sensor.type");
    expectError(() => registerPluginPackage({ kind: "sensor", name: "wind_vector", package: "@acme/plume-sensors" }), ValidationError, "name");
    expectError(() => registerPluginPackage({ kind: "sensor", name: "x", package: "Not A Package" }), ValidationError, "package");
  });
});

describe("the trust model: what a config may import", () => {
  it("a package installed in the project is imported by name", async () => {
    const env = await createEnvironmentFromConfig({ gridSize: [8, 8], sensor: "acme-single" }, { projectDir: project });
    expect(env.sensor).toBeDefined();
    expect(marks()).toContain("acme-single");
  });

  it("a package beside a config file, not in the project, is not imported (its code never runs)", async () => {
    const error = await expectRejection(createEnvironmentFromConfig(join(elsewhere, "package-config.json"), { projectDir: project }), ConfigurationError, "sensor.type");
    expect(error.message).toContain(`no package "evil-plugin" is installed in ${project}`);
    expect(marks()).not.toContain("evil-package");
  });

  it("a module path is refused without allowModulePaths, before its code runs — wherever it sits in the config", async () => {
    const file = join(elsewhere, "module-config.yaml");
    const error = await expectRejection(createEnvironmentFromConfig(file, { projectDir: project }), ConfigurationError, "sensor.options.sensors.evil.type");
    expect(error.message).toContain("allowModulePaths: true");
    expect(error.message).toContain("--allow-module-paths");
    for (const type of [join(project, "local.mjs"), pathToFileURL(join(project, "local.mjs")).href, "../project/local.mjs", "https://example.com/plugin.mjs"]) {
      await expectRejection(createEnvironmentFromConfig({ wind: { type } }, { baseDir: elsewhere, projectDir: project }), ConfigurationError, "wind.type");
      expectError(() => createEnvironmentFromConfigSync({ wind: { type } }), ConfigurationError, "wind.type");
    }
    const imported: string[] = [];
    await expectRejection(createFromObject({ sensor: "./local.mjs" }, { importModule: async (s) => (imported.push(s), {}) }), ConfigurationError, "sensor.type");
    expect(imported).toEqual([]);
    expect(marks().filter((m) => m.startsWith("evil") || m === "local-module")).toEqual([]);
  });

  it("with allowModulePaths: true, module paths resolve from the config file's folder", async () => {
    const env = await createEnvironmentFromConfig(join(elsewhere, "module-config.yaml"), { projectDir: project, allowModulePaths: true });
    expect(Object.keys((env.observationSpace as unknown as { spaces: object }).spaces).sort()).toEqual(["evil", "odor"]);
    expect(marks()).toContain("evil-module");
    const local = await createEnvironmentFromConfig({ gridSize: [8, 8], sensor: "./local.mjs" }, { baseDir: project, allowModulePaths: true });
    expect(local.sensor).toBeDefined();
  });
});
