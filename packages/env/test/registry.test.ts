/**
 * The registry beyond `make`'s kwargs: ids without a version, string entry points and their trust
 * model, the listing, specs that record wrappers, and wrapper attribute access.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { StateError, ValidationError } from "@plume/core-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClipReward,
  NormalizeObservation,
  OrderEnforcing,
  PlumeEnv,
  RecordEpisodeStatistics,
  TimeLimit,
  TransformReward,
  Wrapper,
  loadEntryPoint,
  make,
  makeAsync,
  parseEnvId,
  pprintRegistry,
  register,
  registeredIds,
  resolveId,
  spec,
  unregister,
} from "../src/index.js";
import { expectError, expectRejection } from "./helpers.js";

let project: string;
const quiet = { warn: () => undefined };

beforeAll(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), "plume-env-registry-")));
  const pkg = join(project, "node_modules", "@acme", "plume-envs");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@acme/plume-envs", type: "module", exports: "./index.js" }));
  // An env package: a class export and a factory export, each building a PlumeEnv from the package's own copy.
  const plumeEnv = pathToFileURL(join(process.cwd(), "dist", "index.js")).href;
  writeFileSync(
    join(pkg, "index.js"),
    [
      `import { PlumeEnv } from ${JSON.stringify(plumeEnv)};`,
      "export class Tiny extends PlumeEnv { constructor(kwargs) { super({ gridSize: [4, 4], ...kwargs }); } }",
      "export function makeTiny(kwargs) { return new Tiny({ maxSteps: 3, ...kwargs }); }",
      "export const notAnEnv = 3;",
    ].join("\n"),
  );
  writeFileSync(join(project, "local-env.mjs"), `export { Tiny as LocalTiny } from ${JSON.stringify(pathToFileURL(join(pkg, "index.js")).href)};\n`);
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  for (const id of registeredIds()) if (id.startsWith("acme/")) unregister(id);
});

/** Imports packages from the scratch project, as its own module would. */
const fromProject = (specifier: string) =>
  specifier.startsWith("file:") ? import(specifier) : import(pathToFileURL(join(project, "node_modules", specifier, "index.js")).href);

describe("ids", () => {
  it("parse as [namespace/]name[-vN]", () => {
    expect(parseEnvId("acme/Grid-v3")).toEqual({ namespace: "acme", name: "Grid", version: 3 });
    expect(parseEnvId("PlumeNav")).toEqual({ namespace: undefined, name: "PlumeNav", version: undefined });
    expectError(() => parseEnvId("no spaces!"), ValidationError, "id");
  });

  it("an id without a version resolves to the latest registered version", () => {
    expect(resolveId("PlumeNav")).toBe("PlumeNav-v0");
    expect(spec("PlumeSearch").id).toBe("PlumeSearch-v0");
    const entryPoint = () => new PlumeEnv({ gridSize: [4, 4] });
    register("acme/Grid-v1", { entryPoint, kwargs: { v: 1 } });
    register("acme/Grid-v10", { entryPoint, kwargs: { v: 10 } });
    register("acme/Grid-v2", { entryPoint, kwargs: { v: 2 } });
    try {
      expect(resolveId("acme/Grid")).toBe("acme/Grid-v10");
      expect(spec("acme/Grid").kwargs).toEqual({ v: 10 });
      const error = expectError(() => spec("acme/Grid-v3"), ValidationError, "id");
      expect(error.message).toContain("acme/Grid-v1, acme/Grid-v10, acme/Grid-v2");
      expect(expectError(() => spec("PlumeNaw"), ValidationError, "id").message).toContain('did you mean "PlumeNav-v0"');
      expect((make("PlumeNav", {}, quiet).unwrapped as PlumeEnv).spec?.id).toBe("PlumeNav-v0");
    } finally {
      ["acme/Grid-v1", "acme/Grid-v10", "acme/Grid-v2"].forEach(unregister);
    }
  });
});

describe("string entry points", () => {
  it('"package:Export" names a class or a factory; makeAsync imports it, then make works too', async () => {
    register("acme/Tiny-v0", { entryPoint: "@acme/plume-envs:Tiny", maxEpisodeSteps: 5 });
    register("acme/TinyFn-v0", { entryPoint: "@acme/plume-envs:makeTiny", maxEpisodeSteps: null, orderEnforce: false });
    expectError(() => make("acme/Tiny-v0"), StateError);
    const env = await makeAsync("acme/Tiny-v0", { sourceLocation: [1, 1] }, { importModule: fromProject, ...quiet });
    expect(env).toBeInstanceOf(TimeLimit);
    expect((env.unwrapped as unknown as { gridSize: { toTuple(): number[] } }).gridSize.toTuple()).toEqual([4, 4]);
    expect(String(make("acme/Tiny-v0", {}, quiet))).toMatch(/^TimeLimit</);
    await loadEntryPoint("acme/TinyFn-v0", { importModule: fromProject });
    const fn = make("acme/TinyFn-v0", {}, quiet);
    expect((fn.unwrapped as unknown as { maxSteps: number }).maxSteps).toBe(3);
  });

  it("the default importer imports installed packages (here this package itself)", async () => {
    register("acme/Self-v0", { entryPoint: "@plume/env:PlumeEnv", kwargs: { gridSize: [5, 5] } });
    const env = await makeAsync("acme/Self-v0", {}, quiet);
    expect(env.reset({ seed: 0 })[1]).toMatchObject({ step_count: 0 });
  });

  it("a missing package, a missing export, or an export that is not a class or function fails with the entry point named", async () => {
    register("acme/Missing-v0", { entryPoint: "@acme/not-installed:Env" });
    register("acme/NoExport-v0", { entryPoint: "@acme/plume-envs:Tinny" });
    register("acme/NotEnv-v0", { entryPoint: "@acme/plume-envs:notAnEnv" });
    const missing = await expectRejection(makeAsync("acme/Missing-v0", {}, { importModule: fromProject }), ValidationError, "entryPoint");
    expect(missing.message).toContain("not installed");
    const noExport = await expectRejection(makeAsync("acme/NoExport-v0", {}, { importModule: fromProject }), ValidationError, "entryPoint");
    expect(noExport.message).toContain('did you mean "Tiny"');
    await expectRejection(makeAsync("acme/NotEnv-v0", {}, { importModule: fromProject }), ValidationError, "entryPoint");
  });

  it("trust: packages only; module paths only with allowModulePaths; never URLs", async () => {
    for (const bad of ["./local-env.mjs:LocalTiny", "/abs/envs.js:Env", "file:///x/envs.js:Env"]) {
      expect(expectError(() => register("acme/Path-v0", { entryPoint: bad }), ValidationError, "entryPoint").message).toContain("allowModulePaths");
    }
    for (const bad of ["https://example.com/envs.js:Env", "data:text/javascript,export default 1:default", "node:fs:readFileSync", "Pkg:Env", "pkg", "pkg:1bad"]) {
      expectError(() => register("acme/Url-v0", { entryPoint: bad }), ValidationError, "entryPoint");
    }
    register("acme/Local-v0", { entryPoint: `${join(project, "local-env.mjs")}:LocalTiny`, allowModulePaths: true });
    const env = await makeAsync("acme/Local-v0", {}, quiet);
    expect(env.reset({ seed: 1 })[1]).toMatchObject({ step_count: 0 });
  });

  it("kwargsNames: make rejects other kwargs with the closest name", () => {
    register("acme/Named-v0", { entryPoint: (kw) => new PlumeEnv(kw), kwargs: { gridSize: [4, 4] }, kwargsNames: ["maxSteps", "sourceLocation"] });
    expect(expectError(() => make("acme/Named-v0", { maxStep: 3 }), ValidationError, "maxStep").message).toContain('did you mean "maxSteps"');
    expect((make("acme/Named-v0", { maxSteps: 3 }, quiet).unwrapped as PlumeEnv).maxSteps).toBe(3);
  });
});

describe("pprintRegistry", () => {
  it("lists ids grouped by namespace or package, in columns, or in detail", () => {
    register("acme/Listed-v0", { entryPoint: () => new PlumeEnv(), description: "an acme env" });
    const text = pprintRegistry({ disablePrint: true }) as string;
    expect(text).toContain("===== @plume/env =====");
    expect(text).toMatch(/PlumeNav-v0\s+PlumeSearch-v0/);
    expect(text).toContain("===== acme =====");
    const details = pprintRegistry({ disablePrint: true, details: true, excludeNamespaces: ["acme"] }) as string;
    expect(details).not.toContain("acme");
    expect(details).toMatch(/PlumeNav-v0\s+@plume\/env \(built in\); 1000 steps; PlumeEnv/);
    expect(pprintRegistry({ disablePrint: true, numCols: 1 })?.split("\n")).toContain("PlumeSearch-v0");
    expectError(() => pprintRegistry({ numCols: 0 }), ValidationError, "numCols");
  });
});

describe("spec and wrappers", () => {
  it("env.spec records the wrappers applied after make; make(spec) builds the same stack", () => {
    const made = make("PlumeNav-v0", { gridSize: [8, 8] }, quiet);
    const wrapped = new ClipReward(new NormalizeObservation(new RecordEpisodeStatistics(made, { bufferLength: 7 })), 0, 0.5);
    const s = wrapped.spec;
    expect(s?.additionalWrappers).toEqual([
      { name: "RecordEpisodeStatistics", entryPoint: "@plume/env:RecordEpisodeStatistics", kwargs: { bufferLength: 7, statsKey: "episode" } },
      { name: "NormalizeObservation", entryPoint: "@plume/env:NormalizeObservation", kwargs: { epsilon: 1e-8 } },
      { name: "ClipReward", entryPoint: "@plume/env:ClipReward", kwargs: { minReward: 0, maxReward: 0.5 } },
    ]);
    expect(s).toMatchObject({ id: "PlumeNav-v0", maxEpisodeSteps: 1000, orderEnforce: true, disableEnvChecker: false, kwargs: { gridSize: [8, 8] } });
    const rebuilt = make(s as NonNullable<typeof s>, {}, quiet);
    expect(String(rebuilt)).toBe(String(wrapped));
    expect(rebuilt.reset({ seed: 3 })[0]).toEqual(wrapped.reset({ seed: 3 })[0]);
  });

  it("a wrapper whose options are functions cannot be rebuilt, and make says so", () => {
    const wrapped = new TransformReward(make("PlumeNav-v0", {}, quiet), (r) => r * 2);
    expect(wrapped.spec?.additionalWrappers?.[0]).toEqual({ name: "TransformReward", entryPoint: "@plume/env:TransformReward", kwargs: null });
    expectError(() => make(wrapped.spec as never), ValidationError, "additionalWrappers[0]");
  });

  it("a user's wrapper subclass is recorded by its class name", () => {
    class Mine extends Wrapper {}
    expect(new Mine(make("PlumeNav-v0", {}, quiet)).spec?.additionalWrappers).toEqual([{ name: "Mine", entryPoint: "Mine", kwargs: null }]);
    expect(new Mine(new PlumeEnv()).spec).toBeUndefined();
  });

  it("getWrapperAttr / setWrapperAttr / hasWrapperAttr go through the stack", () => {
    const env = new NormalizeObservation(make("PlumeNav-v0", { gridSize: [8, 8] }, quiet));
    expect(env.getWrapperAttr("maxEpisodeSteps")).toBe(1000); // TimeLimit's
    expect(env.getWrapperAttr("gridSize")).toEqual((env.unwrapped as PlumeEnv).gridSize); // PlumeEnv's
    expect(env.getWrapperAttr("updateRunningMean")).toBe(true); // its own
    const render = env.getWrapperAttr("renderFrame") as () => unknown;
    env.reset({ seed: 0 });
    expect((render() as { shape: number[] }).shape).toEqual([8, 8, 3]);
    expect(env.hasWrapperAttr("hasReset")).toBe(true);
    expect(env.hasWrapperAttr("nope")).toBe(false);
    expectError(() => env.getWrapperAttr("nope"), ValidationError, "name");
    expect(env.setWrapperAttr("updateRunningMean", false)).toBe(true);
    expect(env.updateRunningMean).toBe(false);
    expectError(() => env.setWrapperAttr("hasReset", false), ValidationError, "name"); // a getter of OrderEnforcing
    expect(env.setWrapperAttr("custom", 5, { force: false })).toBe(false);
    expect(env.setWrapperAttr("custom", 5)).toBe(true);
    expect((env as unknown as { custom: number }).custom).toBe(5);
    expect(((env.env as unknown as TimeLimit).env as OrderEnforcing).hasReset).toBe(true);
  });
});
