// The four baselines on the default environment, 10 seeded episodes each, seeded as the plume CLI seeds them.
// Run: node examples/baselines.mjs   (needs @plume/env too: npm install @plume/policies @plume/env)
import { PlumeEnv, createEnvironmentFromConfigSync } from "@plume/env";
import { BASELINES, derivePolicySeed } from "@plume/policies";

// The reference default environment as a config, so that a baseline can swap in the sensor it needs.
const DEFAULT_ENV = { gridSize: [128, 128], goalLocation: [64, 64], goalRadius: 0, maxSteps: 1000, plume: { type: "gaussian", options: { sigma: 12 } } };

for (const baseline of BASELINES) {
  // greedy reads 4 antennae; the others read the default single concentration sensor.
  const env = baseline.sensor === undefined ? new PlumeEnv() : createEnvironmentFromConfigSync({ ...DEFAULT_ENV, sensor: baseline.sensor });
  const policy = baseline.plugin.create(); // options validated by the policy's zod schema
  let reached = 0;
  let steps = 0;
  for (let seed = 0; seed < 10; seed++) {
    let [observation] = env.reset({ seed });
    policy.reset({ seed: derivePolicySeed(env.npRandom) }); // a draw from a clone of the env's generator
    for (;;) {
      const [next, , terminated, truncated] = env.step(policy.selectAction(observation));
      observation = next;
      steps += 1;
      if (terminated || truncated) {
        reached += terminated ? 1 : 0;
        break;
      }
    }
  }
  env.close();
  console.log(`${baseline.name.padEnd(18)} reached the source in ${reached}/10 episodes (${steps} steps in all); sees ${baseline.observes}`);
}
