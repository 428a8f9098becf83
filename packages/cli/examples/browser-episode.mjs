// One episode with `@plume/cli/browser` (no Node built-ins: the same code runs in a page or a worker),
// checked against `runPolicy`, the loop behind `plume run`: same config and seed, same episode.
// Run: node examples/browser-episode.mjs
import { createEnvironmentFromConfig, parseEnvironmentConfig } from "@plume/env";
import { baselineConfig, buildPolicy, checkCompatible, SteppedEnv } from "@plume/cli/browser";
import { runPolicy } from "@plume/cli";
import { getBaseline } from "@plume/policies";

const policyName = "greedy";
// A config without `sensor`: the policy picks its own (greedy reads 4 antennae), as with `plume run --config`.
const config = baselineConfig(parseEnvironmentConfig({ gridSize: [48, 48], goalLocation: [24, 30], maxSteps: 300 }), false, getBaseline(policyName));
const env = await createEnvironmentFromConfig(JSON.parse(JSON.stringify(config)));
const policy = buildPolicy(policyName, undefined);
checkCompatible(policyName, policy, env, config);
const stepper = new SteppedEnv({ policyName, policy, env, raw: env, config });
stepper.reset(0, 5);
const actions = [];
while (!stepper.done) actions.push(stepper.step().action);
const episode = stepper.result();
env.close();
console.log(`${policyName} seed 5: ${episode.success ? "reached the source" : "did not reach the source"} in ${episode.steps} steps`);

const cli = [];
const run = await runPolicy({ policy: policyName, config, seeds: [5], onStep: (s) => cli.push(s.action) });
if (JSON.stringify(cli) !== JSON.stringify(actions) || run.episodes[0].steps !== episode.steps) throw new Error("the episode differs from runPolicy's");
console.log("the same episode as runPolicy, action for action");
