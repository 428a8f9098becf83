/**
 * Replays every recorded plume_nav_sim episode (../shared/fixtures/plume-nav-sim) within its README's
 * tolerances: direct cases through the constructors, selector cases through createEnvironmentFromConfig,
 * and every case through make("PlumeNav-v0") with its kwargs as the reference received them.
 */
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as windPlugins } from "@plume/sensors-wind";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlumeEnv, createEnvironmentFromConfig, make, makeAsync, registerPlugins, type PlumeNavKwargs } from "../src/index.js";
import { directOptions, referenceCases, replayCase, selectorConfig, type ReferenceCase } from "./reference.js";

const cases = referenceCases();

async function build(c: ReferenceCase, renderMode: "rgb_array" | null): Promise<PlumeEnv<unknown, unknown>> {
  if (c.route === "direct") return new PlumeEnv({ ...directOptions(c.kwargs), renderMode }) as unknown as PlumeEnv<unknown, unknown>;
  return createEnvironmentFromConfig({ ...selectorConfig(c.kwargs), renderMode });
}

describe("reference episodes (plume_nav_sim fixtures)", () => {
  it("finds the cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
  });

  for (const c of cases) {
    it(`${c.name} (${c.route}) replays within the README tolerances`, async () => {
      const env = await build(c, "rgb_array");
      const { maxObsError, maxDistanceError } = replayCase(env as never, env, c);
      // The float32 field and NumPy's exp are reproduced bit for bit, so in practice the replay is exact.
      console.info(`${c.name}: max |obs - reference| = ${maxObsError}, max |distance - reference| = ${maxDistanceError}`);
      env.close();
    });
  }

  // The reference's own entry: gym.make("PlumeNav-v0", **kwargs) with each case's kwargs exactly as
  // recorded (snake_case; the selector kwargs switch to the selector and its defaults), wrapped as make
  // wraps, and the frame read with render("rgb_array") through the wrappers. make() is synchronous, so the
  // optional packages' plugins (oriented, run_tumble, wind_vector) are registered first.
  describe("through make() with the optional packages' plugins registered", () => {
    let unregister: () => void = () => undefined;
    beforeAll(() => {
      unregister = registerPlugins(orientedPlugins, windPlugins);
    });
    afterAll(() => unregister());

    for (const c of cases) {
      it(`${c.name} replays through make("PlumeNav-v0", <its kwargs as written>)`, () => {
        const env = make("PlumeNav-v0", c.kwargs as PlumeNavKwargs, { warn: () => undefined });
        expect(String(env)).toMatch(/^TimeLimit<OrderEnforcing<PassiveEnvChecker<PlumeEnv\(/);
        replayCase(env as never, env.unwrapped as PlumeEnv<unknown, unknown>, c);
        env.close();
      });
    }
  });

  // makeAsync imports those packages itself (Node), with nothing registered.
  for (const c of cases) {
    it(`${c.name} replays through makeAsync("PlumeNav-v0", <its kwargs as written>) with nothing registered`, async () => {
      const env = await makeAsync("PlumeNav-v0", c.kwargs as PlumeNavKwargs, { warn: () => undefined });
      replayCase(env as never, env.unwrapped as PlumeEnv<unknown, unknown>, c);
      env.close();
    });
  }
});
