import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  ComponentError,
  ConfigurationError,
  Coordinates,
  GridSize,
  ErrorCode,
  PLUGIN_KINDS,
  ValidationError,
  definePlugin,
  isPlugin,
  isPromiseLike,
  type ObservationModel,
  type Plugin,
  type PluginComponent,
  type PluginKind,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";
import { ConcentrationSensor, ConstantWind, DiscreteGridActions, GaussianField, RandomPolicy, SparseGoalReward } from "./toy.js";

const sensorOptions = z.object({ gain: z.number().positive().default(1), label: z.string().optional() });

function makeSensorPlugin() {
  const calls: unknown[] = [];
  const plugin = definePlugin({
    kind: "sensor",
    name: "@acme/plume-sensor-foo",
    options: sensorOptions,
    create: (options) => {
      calls.push(options);
      return new ConcentrationSensor();
    },
  });
  return { plugin, calls };
}

describe("definePlugin", () => {
  it("returns a frozen descriptor that keeps kind, name and schema", () => {
    const { plugin } = makeSensorPlugin();
    expect(Object.isFrozen(plugin)).toBe(true);
    expect(plugin.kind).toBe("sensor");
    expect(plugin.name).toBe("@acme/plume-sensor-foo");
    expect(plugin.options).toBe(sensorOptions);
  });

  it("create validates raw options through the schema before calling the user's create", () => {
    const { plugin, calls } = makeSensorPlugin();
    const sensor = plugin.create({ gain: 2 });
    expect(sensor).toBeInstanceOf(ConcentrationSensor);
    expect(calls).toEqual([{ gain: 2 }]);
    plugin.create();
    expect(calls[1]).toEqual({ gain: 1 }); // undefined options are read as {} so defaults apply
  });

  it("bad options throw ConfigurationError naming the config path, and create is not called", () => {
    const { plugin, calls } = makeSensorPlugin();
    const e1 = expectPlumeError(() => plugin.create({ gain: -1 }), ConfigurationError, ErrorCode.CONFIGURATION, "options.gain");
    expect(e1.received).toBe(-1);
    expect(e1.message).toContain('sensor plugin "@acme/plume-sensor-foo" options');
    expectPlumeError(
      () => plugin.create({ gain: 1, label: 5 }, { path: "observation.options" }),
      ConfigurationError,
      ErrorCode.CONFIGURATION,
      "observation.options.label",
    );
    expectPlumeError(() => plugin.create("fast", { path: "sensor.options" }), ConfigurationError, ErrorCode.CONFIGURATION, "sensor.options");
    expect(calls).toEqual([]);
  });

  it("wraps a failing create in ComponentError but lets Plume errors through", () => {
    const failing = definePlugin({
      kind: "reward",
      name: "broken",
      options: z.object({}),
      create: (): SparseGoalReward => {
        throw new TypeError("boom");
      },
    });
    const error = expectPlumeError(() => failing.create(), ComponentError, ErrorCode.COMPONENT, undefined);
    expect(error.component).toBe('reward plugin "broken"');
    expect(error.cause).toBeInstanceOf(TypeError);

    const strict = definePlugin({
      kind: "reward",
      name: "strict",
      options: z.object({}),
      create: (): SparseGoalReward => {
        throw ValidationError.invalid("goal_radius", "a positive number", 0);
      },
    });
    expectPlumeError(() => strict.create(), ValidationError, ErrorCode.VALIDATION, "goal_radius");
  });

  it("rejects a create that returns a non-object", () => {
    const plugin = definePlugin({ kind: "plume", name: "nothing", options: z.object({}), create: () => null as unknown as GaussianField });
    expectPlumeError(() => plugin.create(), ComponentError, ErrorCode.COMPONENT, undefined);
  });

  it.each([
    [{ kind: "sensors" }, "kind"],
    [{ kind: undefined }, "kind"],
    [{ name: "" }, "name"],
    [{ name: "has space" }, "name"],
    [{ name: 42 }, "name"],
    [{ name: "x".repeat(215) }, "name"],
    [{ options: { parse: 1 } }, "options"],
    [{ options: undefined }, "options"],
    [{ create: "not a function" }, "create"],
  ])("validates the definition: %j -> %s", (override, parameter) => {
    const definition = { kind: "sensor", name: "ok", options: z.object({}), create: () => new ConcentrationSensor(), ...override };
    expectPlumeError(() => definePlugin(definition as never), ValidationError, ErrorCode.VALIDATION, parameter);
  });

  it("accepts registered names and package specifiers", () => {
    for (const name of ["concentration", "run_tumble", "wind-vector", "@acme/plume-sensor-foo", "acme:foo.v2"]) {
      expect(definePlugin({ kind: "sensor", name, options: z.object({}), create: () => new ConcentrationSensor() }).name).toBe(name);
    }
  });

  it("builds every kind, typed by the kind's protocol", () => {
    const grid = new GridSize(4, 4);
    const sensorPlugin = definePlugin({ kind: "sensor", name: "s", options: z.object({}), create: () => new ConcentrationSensor() });
    const plugins = [
      sensorPlugin,
      definePlugin({ kind: "action", name: "a", options: z.object({}), create: () => new DiscreteGridActions() }),
      definePlugin({ kind: "reward", name: "r", options: z.object({ radius: z.number().default(1) }), create: ({ radius }) => new SparseGoalReward(new Coordinates(0, 0), radius) }),
      definePlugin({ kind: "plume", name: "p", options: z.object({}), create: () => new GaussianField(grid, grid.center(), 1) }),
      definePlugin({ kind: "wind", name: "w", options: z.object({}), create: () => new ConstantWind([1, 0]) }),
      definePlugin({ kind: "policy", name: "pol", options: z.object({}), create: () => new RandomPolicy() }),
    ];
    expect(plugins.map((p) => p.kind)).toEqual([...PLUGIN_KINDS]);
    for (const p of plugins) expect(typeof p.create()).toBe("object");
    expectTypeOf(sensorPlugin.create()).toEqualTypeOf<ConcentrationSensor>();
    expectTypeOf<PluginComponent<"sensor">>().toEqualTypeOf<ObservationModel>();
    definePlugin({
      kind: "sensor",
      name: "typed",
      options: z.object({ n: z.int() }),
      create: (options) => {
        expectTypeOf(options).toEqualTypeOf<{ n: number }>();
        return new ConcentrationSensor();
      },
    });
    // @ts-expect-error an action processor is not a sensor
    definePlugin({ kind: "sensor", name: "wrong", options: z.object({}), create: () => new DiscreteGridActions() });
  });
});

describe("isPlugin", () => {
  it("recognises descriptors, optionally of one kind", () => {
    const { plugin } = makeSensorPlugin();
    expect(isPlugin(plugin)).toBe(true);
    expect(isPlugin(plugin, "sensor")).toBe(true);
    expect(isPlugin(plugin, "action")).toBe(false);
    const unknown: unknown = plugin;
    if (isPlugin(unknown, "sensor")) expectTypeOf(unknown).toEqualTypeOf<Plugin<"sensor">>();
  });

  it("rejects look-alikes and non-objects", () => {
    const { plugin } = makeSensorPlugin();
    expect(isPlugin({ kind: "sensor", name: "x", options: z.object({}), create: () => ({}) })).toBe(false);
    expect(isPlugin(null)).toBe(false);
    expect(isPlugin("plugin")).toBe(false);
    expect(isPlugin({ ...plugin, kind: "nope" })).toBe(false);
    expect(isPlugin({ ...plugin, create: 1 })).toBe(false);
  });

  it("accepts a descriptor made by another copy of the package (the brand is a registered symbol)", () => {
    const foreign = { kind: "wind", name: "w", options: z.object({}), create: () => ({}), [Symbol.for("@plume/core-types/plugin")]: true };
    expect(isPlugin(foreign)).toBe(true);
  });

  it("PLUGIN_KINDS is frozen and matches PluginKind", () => {
    expect(Object.isFrozen(PLUGIN_KINDS)).toBe(true);
    expectTypeOf<(typeof PLUGIN_KINDS)[number]>().toEqualTypeOf<PluginKind>();
  });
});

describe("async plugins (create returns a promise)", () => {
  const make = (create: () => Promise<unknown>) =>
    definePlugin({ kind: "plume", name: "slow", options: z.strictObject({ n: z.number().default(1) }), create: create as () => Promise<GaussianField> });

  it("validates synchronously, then resolves to the component; create receives the config path", async () => {
    const seen: unknown[] = [];
    const plugin = definePlugin({
      kind: "plume",
      name: "slow",
      options: z.strictObject({ n: z.number().default(1) }),
      create: async (options, context) => {
        seen.push(options, context.path);
        return new GaussianField(new GridSize(4, 4), new Coordinates(1, 1), 1);
      },
    });
    expectTypeOf(plugin.create).returns.toEqualTypeOf<Promise<GaussianField>>();
    const pending = plugin.create({}, { path: "plume.options" });
    expect(isPromiseLike(pending)).toBe(true);
    expect(await pending).toBeInstanceOf(GaussianField);
    expect(seen).toEqual([{ n: 1 }, "plume.options"]);
    expectPlumeError(() => plugin.create({ n: "x" }, { path: "plume.options" }), ConfigurationError, "PLUME_CONFIGURATION", "plume.options.n");
  });

  it("a rejection with a non-Plume error becomes a ComponentError; a Plume error passes through", async () => {
    await expect(make(async () => Promise.reject(new TypeError("disk on fire"))).create()).rejects.toMatchObject({ name: "ComponentError", message: expect.stringMatching(/disk on fire/) });
    await expect(make(async () => Promise.reject(ValidationError.invalid("path", "a path", 1))).create()).rejects.toMatchObject({ name: "ValidationError", parameter: "path" });
  });

  it("resolving to a non-object is a ComponentError", async () => {
    await expect(make(async () => 42).create()).rejects.toMatchObject({ name: "ComponentError" });
  });

  it("isPromiseLike", () => {
    expect([isPromiseLike(Promise.resolve(1)), isPromiseLike({ then: () => undefined }), isPromiseLike({}), isPromiseLike(null), isPromiseLike(1)]).toEqual([true, true, false, false, false]);
  });
});

describe("plugin sharing (state other threads adopt)", () => {
  it("passes a definition's sharing through, and rejects a malformed one", () => {
    const sharing = { exportShared: () => [1], importShared: () => undefined };
    const plugin = definePlugin({ kind: "plume", name: "shared", options: z.object({}), create: () => new GaussianField(new GridSize(2, 2), new Coordinates(0, 0), 1), sharing });
    expect(plugin.sharing).toBe(sharing);
    expect(definePlugin({ kind: "plume", name: "plain", options: z.object({}), create: () => new GaussianField(new GridSize(2, 2), new Coordinates(0, 0), 1) }).sharing).toBeUndefined();
    expectPlumeError(
      () => definePlugin({ kind: "plume", name: "bad", options: z.object({}), create: () => new GaussianField(new GridSize(2, 2), new Coordinates(0, 0), 1), sharing: { exportShared: 1 } as never }),
      ValidationError,
      "PLUME_VALIDATION",
      "sharing",
    );
  });
});
