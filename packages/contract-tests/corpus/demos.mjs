// Direct demonstrations that each broken corpus plugin really misbehaves, without the contract kit:
// each demo drives the plugin by hand (real Plume fields and winds from @plume/env, env states with
// exactly PlumeEnv's keys, hand-built batches) and returns what it observed, or throws when the bug
// does not show. verify.mjs runs them; the manifest's `demo` field says the same in one line.
//
// A demo receives `h`, the helpers of verify.mjs: h.make(options?) builds the plugin's component,
// h.createEnv(hints?) builds an env module's env, h.state({...}) an env state, h.gaussian({...}) and
// h.wind(vx, vy) real fields, h.agent([x, y], extra?) an AgentState, h.grid(w, h) a GridSize,
// h.batch(rows) / h.context({...}) batch inputs, h.assert(cond, message), plus h.ndarray, h.Generator,
// h.Box, h.isContained(space, value) (a plain-Box reading of a Box space) and h.realEnvState()
// (the env state a real PlumeEnv hands its sensor).

import { setTimeout as sleep } from "node:timers/promises";

const f32 = (...v) => Float32Array.of(...v);
const same = (a, b) => JSON.stringify(Array.from(a.data ?? a)) === JSON.stringify(Array.from(b.data ?? b));
const obsValues = (o) => Array.from(o.data ?? [o]);

/** Walks an env from reset with a fixed action until `stop(result)` or `limit` steps; returns the last step result. */
function walk(env, action, { seed = 0, limit = 10_000, stop = (r) => r[2] || r[3], options } = {}) {
  env.reset({ seed, ...(options && { options }) });
  let result;
  for (let i = 0; i < limit; i++) {
    result = env.step(typeof action === "function" ? action(env, i) : action);
    if (stop(result)) return { result, steps: i + 1 };
  }
  return { result, steps: limit };
}

export const demos = {
  // ---------------------------------------------------------------- sensors
  "broken/sensor/memo-by-cell": (h) => {
    const s = h.make();
    s.getObservation(h.state({ grid: [16, 16], agent: [3, 3], field: h.gaussian({ grid: [16, 16], source: [3, 3], sigma: 2 }) }));
    const second = h.state({ grid: [16, 16], agent: [3, 3], field: h.gaussian({ grid: [16, 16], source: [12, 12], sigma: 2 }) });
    const stale = s.getObservation(second);
    const fresh = h.make().getObservation(second);
    h.assert(!same(stale, fresh), "the reused instance agrees with a fresh one");
    return `same cell, second field: reused instance reads ${obsValues(stale)}, fresh instance ${obsValues(fresh)}`;
  },
  "broken/sensor/ema-after-warmup": (h) => {
    const field = h.gaussian({ grid: [32, 32], source: [16, 16], sigma: 4 });
    const s = h.make();
    for (let i = 0; i < 200; i++) s.getObservation(h.state({ grid: [32, 32], agent: [i % 32, 0], field }));
    const target = h.state({ grid: [32, 32], agent: [16, 16], field });
    const used = s.getObservation(target);
    const fresh = h.make().getObservation(target);
    h.assert(!same(used, fresh), "no drift after 200 calls");
    return `after 200 calls the source cell reads ${obsValues(used)} instead of ${obsValues(fresh)}`;
  },
  "broken/sensor/goal-distance-norm64": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [200, 200], agent: [0, 0], goal: [199, 199] }));
    h.assert(!h.isContained(s.observationSpace, obs), "the observation is contained");
    return `distance component ${obs.data[0]} > 1 on a 200x200 grid`;
  },
  "broken/sensor/int16-cell-index": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [256, 256], agent: [10, 200] }));
    h.assert(obsValues(obs).some(Number.isNaN), "no NaN");
    return `on 256x256 at (10, 200) the patch is [${obsValues(obs).map((v) => v.toFixed(3))}]`;
  },
  "broken/sensor/quantized-levels": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [20, 20], agent: [5, 5], field: h.gaussian({ grid: [20, 20], source: [5, 5], sigma: 3 }) }));
    h.assert(!s.observationSpace.contains(obs), "contained");
    return `on the source cell the observation is ${obs}, outside Discrete(16)`;
  },
  "broken/sensor/calibrated-gain": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [20, 20], agent: [5, 5], field: h.gaussian({ grid: [20, 20], source: [5, 5], sigma: 3 }) }));
    h.assert(!h.isContained(s.observationSpace, obs), "contained");
    return `on the source cell the observation is ${obs.data[0]} > 1`;
  },
  "broken/sensor/undeclared-dropout": (h) => {
    const s = h.make();
    const state = h.state({ grid: [20, 20], agent: [5, 5], field: h.gaussian({ grid: [20, 20], source: [5, 5], sigma: 3 }) });
    const seen = new Set(Array.from({ length: 40 }, () => obsValues(s.getObservation(state))[0]));
    h.assert(seen.size > 1, "always the same reading");
    return `40 calls with one env state gave ${seen.size} different readings: ${[...seen].join(", ")}`;
  },
  "broken/sensor/undeclared-wind-noise": (h) => {
    const s = h.make();
    const state = h.state({ grid: [20, 20], agent: [5, 5], wind: h.wind(0.3, 0.2) });
    const a = s.getObservation(state);
    const b = s.getObservation(state);
    h.assert(!same(a, b), "equal readings");
    return `one env state, two readings: [${obsValues(a)}] and [${obsValues(b)}]`;
  },
  "broken/sensor/batch-loop-counter": (h) => {
    const s = h.make();
    const field = h.gaussian({ grid: [16, 16], source: [2, 2], sigma: 3 });
    const rows = [
      [2, 2],
      [9, 9],
      [15, 0],
    ];
    const batch = h.batch(rows);
    const out = new Float32Array(3).fill(-1);
    s.fillObservationBatch(out, batch, h.context({ grid: [16, 16], field }), Int32Array.of(2, 0), 2);
    const single = rows.map(([x, y]) => s.getObservation(h.state({ grid: [16, 16], agent: [x, y], field })).data[0]);
    h.assert(out[2] !== single[2] || out[0] !== single[0], "batch agrees");
    return `indices [2, 0]: batch rows [${Array.from(out)}], object path [${single}] (row 1 must stay -1)`;
  },
  "broken/sensor/batch-offgrid-clamp": (h) => {
    const s = h.make();
    const field = h.gaussian({ grid: [16, 16], source: [0, 8], sigma: 3 });
    const out = new Float32Array(2);
    s.fillObservationBatch(out, h.batch([[0, 8]]), h.context({ grid: [16, 16], field }), Int32Array.of(0), 1);
    const single = s.getObservation(h.state({ grid: [16, 16], agent: [0, 8], field }));
    h.assert(!same(out, single), "batch agrees");
    return `agent on the left wall: batch [${Array.from(out)}], getObservation [${obsValues(single)}]`;
  },
  "broken/sensor/dict-step-dtype": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [1, 1], step_count: 7 }));
    h.assert(!(obs.clock.data instanceof Int32Array), "int32 storage");
    return `clock leaf stored as ${obs.clock.data.constructor.name} for an int32 Box`;
  },
  "broken/sensor/alias-time-step": async (h) => {
    const s = h.make();
    const state = await h.realEnvState();
    const obs = s.getObservation(state);
    h.assert(obsValues(obs).some(Number.isNaN), "no NaN");
    return `with PlumeEnv's own env state (keys ${Object.keys(state).join(", ")}) the observation is [${obsValues(obs)}]`;
  },
  "broken/sensor/field-array-direct": (h) => {
    const s = h.make();
    const analytic = { gridSize: h.grid(10, 10), sample: (x, y) => Math.exp(-((x - 5) ** 2 + (y - 5) ** 2) / 8), reset() {} };
    try {
      s.getObservation(h.state({ grid: [10, 10], agent: [4, 4], field: analytic }));
    } catch (error) {
      return `a plume without fieldArray makes getObservation throw ${error.constructor.name}: ${error.message}`;
    }
    throw new Error("no error with a sample()-only plume");
  },
  "broken/sensor/progress-over-1000": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [1, 1], step_count: 2500, max_steps: 5000 }));
    h.assert(!h.isContained(s.observationSpace, obs), "contained");
    return `step 2500 of 5000: observation [${obsValues(obs)}]`;
  },
  "broken/sensor/wind-unit-speed": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [1, 1], wind: h.wind(2, 0) }));
    h.assert(!h.isContained(s.observationSpace, obs), "contained");
    return `wind (2, 0): observation [${obsValues(obs)}]`;
  },
  "broken/sensor/lenient-box": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [5, 5], field: h.gaussian({ grid: [10, 10], source: [5, 5], sigma: 2 }) }));
    h.assert(s.observationSpace.contains(obs) && !h.isContained(s.observationSpace, obs), "the plugin's contains and a plain Box agree");
    return `reading ${obs.data[0]}: the plugin's own space says contained, a plain Box(0, 1) says not`;
  },
  "broken/sensor/space-sample-math-random": (h) => {
    const s = h.make();
    const draw = () => {
      s.observationSpace.seed(7);
      return Array.from({ length: 32 }, () => s.observationSpace.sample()).join("");
    };
    const a = draw();
    const b = draw();
    h.assert(a !== b, "seeded sampling is reproducible");
    return `seed(7) twice gave ${a} and ${b}`;
  },

  // ---------------------------------------------------------------- action processors
  "broken/action/memo-ignores-grid": (h) => {
    const p = h.make();
    p.processAction(1, h.agent([9, 5]), h.grid(100, 100));
    const r = p.processAction(1, h.agent([9, 5]), h.grid(10, 10));
    h.assert(r.position.x >= 10, "in bounds");
    return `RIGHT from (9, 5) on 10x10 after the same move on 100x100: (${r.position.x}, ${r.position.y})`;
  },
  "broken/action/fatigue-step-size": (h) => {
    const p = h.make();
    for (let i = 0; i < 600; i++) p.processAction(i % 4, h.agent([20, 20]), h.grid(50, 50));
    const used = p.processAction(1, h.agent([10, 10]), h.grid(50, 50));
    const fresh = h.make().processAction(1, h.agent([10, 10]), h.grid(50, 50));
    h.assert(used.position.x !== fresh.position.x, "same move");
    return `after 600 calls RIGHT from (10, 10) reaches x = ${used.position.x}; a fresh instance reaches x = ${fresh.position.x}`;
  },
  "broken/action/int8-scratch": (h) => {
    const r = h.make().processAction(2, h.agent([127, 5]), h.grid(200, 10));
    h.assert(r.position.x < 0 || r.position.x >= 200, "in bounds");
    return `RIGHT from (127, 5) on 200x10 lands at (${r.position.x}, ${r.position.y})`;
  },
  "broken/action/tolerant-validate": (h) => {
    const p = h.make();
    const next = h.ndarray("float32", [2], f32(1.0000001192092896, 0));
    h.assert(p.validateAction(next) && !p.actionSpace.contains(next), "validate and contains agree");
    return "validateAction([1.0000001192, 0]) is true, actionSpace.contains is false";
  },
  "broken/action/late-sprint": (h) => {
    const r = h.make().processAction(1, h.agent([9, 0], { step_count: 1500 }), h.grid(10, 10));
    h.assert(r.position.x >= 10, "in bounds");
    return `RIGHT from (9, 0) at step 1500 on 10x10 lands at x = ${r.position.x}`;
  },
  "broken/action/facing-undeclared": (h) => {
    const p = h.make();
    const r = p.processAction(1, h.agent([3, 3], { orientation: 90 }), h.grid(10, 10));
    h.assert(r.orientation !== 90 && p.getMetadata().orientation_dependent === false, "orientation kept");
    return `RIGHT from heading 90 returns heading ${r.orientation} with orientation_dependent ${p.getMetadata().orientation_dependent}`;
  },
  "broken/action/batch-unwrapped-heading": (h) => {
    const p = h.make();
    const batch = h.batch([[5, 5]], { orientation: [0] });
    p.processActionBatch(Float64Array.of(2), batch, h.context({ grid: [10, 10] }), Int32Array.of(0), 1);
    const single = p.processAction(2, h.agent([5, 5], { orientation: 0 }), h.grid(10, 10));
    h.assert(batch.orientation[0] !== single.orientation, "headings agree");
    return `TURN_RIGHT from 0: batch heading ${batch.orientation[0]}, processAction ${single.orientation}`;
  },
  "broken/action/batch-ignores-indices": (h) => {
    const p = h.make();
    const batch = h.batch([
      [5, 5],
      [5, 5],
    ]);
    p.processActionBatch(Float64Array.of(2, 2), batch, h.context({ grid: [10, 10] }), Int32Array.of(1), 1);
    h.assert(batch.x[0] !== 5 || batch.x[1] === 5, "only agent 1 moved");
    return `indices [1]: agent 0 is at (${batch.x[0]}, ${batch.y[0]}), agent 1 at (${batch.x[1]}, ${batch.y[1]})`;
  },
  "broken/action/heading-zero-north": (h) => {
    const r = h.make().processAction(0, h.agent([5, 5], { orientation: 0 }), h.grid(10, 10));
    h.assert(!(r.position.x === 6 && r.position.y === 5), "moved along +x");
    return `FORWARD from (5, 5) at heading 0 gives (${r.position.x}, ${r.position.y}), not (6, 5)`;
  },
  "broken/action/setrng-first-only": (h) => {
    const p = h.make();
    p.setRng(h.Generator.fromSeed(1));
    const a = p.processAction(1, h.agent([5, 5]), h.grid(10, 10)).orientation;
    p.setRng(h.Generator.fromSeed(1));
    const b = p.processAction(1, h.agent([5, 5]), h.grid(10, 10)).orientation;
    h.assert(a !== b, "the new generator was used");
    return `two tumbles each after setRng(generator seeded 1): headings ${a} and ${b}`;
  },
  "broken/action/turn-rate-off-by-one": (h) => {
    const p = h.make();
    h.assert(p.actionSpace.contains(3) && !p.validateAction(3), "validate accepts 3");
    return "actionSpace.contains(3) but validateAction(3) is false (processAction throws)";
  },

  // ---------------------------------------------------------------- rewards
  "broken/reward/anneal-after-warmup": (h) => {
    const r = h.make();
    const field = h.gaussian({ grid: [128, 128], source: [64, 64], sigma: 20 });
    const t = [h.agent([60, 64]), 1, h.agent([61, 64]), field];
    const first = r.computeReward(...t);
    for (let i = 0; i < 3000; i++) r.computeReward(...t);
    const later = r.computeReward(...t);
    h.assert(first !== later, "constant");
    return `the same transition: ${first} on call 1, ${later} on call 3002`;
  },
  "broken/reward/potential-inverse-distance": (h) => {
    const v = h.make().computeReward(h.agent([40, 25]), 2, h.agent([40, 24]), h.gaussian({ grid: [128, 128] }));
    h.assert(!Number.isFinite(v), "finite");
    return `transition onto the declared goal (40, 24): reward ${v}`;
  },
  "broken/reward/float32-goal-distance": (h) => {
    const r = h.make();
    const v = r.computeReward(h.agent([40, 40]), 0, h.agent([33, 34]), h.gaussian({ grid: [64, 64] }));
    h.assert(v === 0 && Math.hypot(1, 2) <= r.getMetadata().goal_radius, "rewarded");
    return `next (33, 34) at distance ${Math.hypot(1, 2)} <= goal_radius ${r.getMetadata().goal_radius}: reward ${v}`;
  },
  "broken/reward/batch-manhattan": (h) => {
    const r = h.make();
    const single = r.computeReward(h.agent([64, 66]), 0, h.agent([65, 65]), h.gaussian({ grid: [128, 128] }));
    const out = new Float64Array(1);
    r.computeRewardBatch(out, Float64Array.of(0), h.batch([[65, 65]], { prev: [[64, 66]] }), h.context({ grid: [128, 128] }), Int32Array.of(0), 1);
    h.assert(out[0] !== single, "agree");
    return `next (65, 65), goal (64, 64): computeReward ${single}, batch ${out[0]}`;
  },
  "broken/reward/batch-out-offset": (h) => {
    const r = h.make();
    const field = h.gaussian({ grid: [32, 32], source: [10, 10], sigma: 4 });
    const out = Float64Array.of(-7, -7);
    r.computeRewardBatch(out, Float64Array.of(0, 0), h.batch([[0, 0], [10, 10]], { prev: [[0, 0], [9, 10]] }), h.context({ grid: [32, 32], field }), Int32Array.of(1), 1);
    h.assert(out[1] === -7, "slot 1 written");
    return `indices [1]: out = [${Array.from(out)}] (slot 0 must stay -7, slot 1 must hold the reward)`;
  },
  "broken/reward/cached-field-peak": (h) => {
    const r = h.make();
    const weak = { gridSize: h.grid(16, 16), sample: (x, y) => (x === 8 && y === 8 ? 0.25 : 0.1), reset() {} };
    r.computeReward(h.agent([7, 8]), 1, h.agent([8, 8]), weak);
    const v = r.computeReward(h.agent([3, 4]), 0, h.agent([4, 4]), h.gaussian({ grid: [16, 16], source: [4, 4], sigma: 3 }));
    h.assert(v > 1, "within [0, 1]");
    return `after a field of peak 0.25, a transition onto the source of a peak-1 field is rewarded ${v} (declared range [0, 1])`;
  },
  "broken/reward/wall-clock-penalty": async (h) => {
    const r = h.make();
    const t = [h.agent([1, 1]), 0, h.agent([1, 2]), h.gaussian({ grid: [16, 16] })];
    const a = r.computeReward(...t);
    await sleep(1100);
    const b = r.computeReward(...t);
    h.assert(a !== b, "same reward");
    return `the same transition 1.1 s apart: ${a} then ${b}`;
  },
  "broken/reward/log-ratio": (h) => {
    const field = { gridSize: h.grid(8, 8), sample: (x) => (x === 0 ? 0.5 : 0), reset() {} };
    const v = h.make().computeReward(h.agent([0, 0]), 1, h.agent([1, 0]), field);
    h.assert(!Number.isFinite(v), "finite");
    return `from a reading of 0.5 onto a reading of 0: reward ${v}`;
  },

  // ---------------------------------------------------------------- concentration fields
  "broken/field/round-past-last-row": (h) => {
    const v = h.make().sample(47, 31.6);
    h.assert(!Number.isFinite(v), "finite");
    return `sample(47, 31.6) on the 48x32 grid is ${v}`;
  },
  "broken/field/half-up-rounding": (h) => {
    const f = h.make();
    h.assert(f.sample(22.5, 30) === f.sample(23, 30) && f.sample(22.5, 30) !== f.sample(22, 30), "ties to even");
    return `sample(22.5, 30) = ${f.sample(22.5, 30)} equals cell 23 (${f.sample(23, 30)}), not cell 22 (${f.sample(22, 30)})`;
  },
  "broken/field/uint16-distance-table": (h) => {
    const f = h.make({ grid: [512, 512], source: [0, 0], sigma: 12 });
    const far = f.sample(256, 2);
    const near = f.sample(200, 0);
    h.assert(far > near, "monotone");
    return `on 512x512 from (0, 0): cell (256, 2) reads ${far}, the nearer cell (200, 0) reads ${near}`;
  },
  "broken/field/cache-key-collision": (h) => {
    const f = h.make({ grid: [1200, 4], sources: [[0, 1]], sigma: 2 });
    const fresh = h.make({ grid: [1200, 4], sources: [[0, 1]], sigma: 2 }).sample(1000, 0);
    f.sample(0, 1);
    const after = f.sample(1000, 0);
    h.assert(after !== fresh, "no collision");
    return `sample(1000, 0) is ${fresh} on a fresh field and ${after} after sampling (0, 1)`;
  },
  "broken/field/oob-clamp-edge": (h) => {
    const f = h.make();
    const v = f.sample(-1, 20);
    h.assert(v !== 0 && f.getMetadata().out_of_bounds_value === undefined, "0 off the grid");
    return `sample(-1, 20) is ${v} with no out_of_bounds_value declared`;
  },
  "broken/field/seed-zero-entropy": (h) => {
    const a = h.make();
    const b = h.make();
    a.reset(0);
    b.reset(0);
    h.assert(a.sample(3, 3) !== b.sample(3, 3), "equal");
    return `two fields after reset(0): cell (3, 3) reads ${a.sample(3, 3)} and ${b.sample(3, 3)}`;
  },
  "broken/field/movie-past-last-frame": (h) => {
    const f = h.make();
    f.advanceToStep(64);
    try {
      const v = f.sample(5, 5);
      h.assert(!Number.isFinite(v), "finite");
      return `sample after step 64 is ${v}`;
    } catch (error) {
      return `after advanceToStep(64) sample(5, 5) throws ${error.constructor.name}`;
    }
  },
  "broken/field/release-ramp-unclipped": (h) => {
    const f = h.make();
    f.advanceToStep(3000);
    const v = f.sample(16, 16);
    h.assert(v > 1, "bounded");
    return `after advanceToStep(3000) the source cell reads ${v}`;
  },
  "broken/field/puff-decay-underflow": (h) => {
    const f = h.make();
    f.advanceToStep(4000);
    const v = f.sample(8, 16);
    h.assert(Number.isNaN(v), "finite");
    return `after advanceToStep(4000) the source cell reads ${v}`;
  },
  "broken/field/frame-memo-across-resets": (h) => {
    const f = h.make();
    f.reset(1);
    for (let k = 0; k <= 10; k++) {
      f.advanceToStep(k);
      f.sample(10, 12); // an env observes every step
    }
    f.reset(2);
    f.advanceToStep(5);
    const g = h.make();
    g.reset(2);
    g.advanceToStep(5);
    h.assert(!same(f.fieldArray, g.fieldArray), "same field");
    return `reset(2) + step 5 after an episode with seed 1 differs from a fresh reset(2) + step 5 (cell (10, 12): ${f.sample(10, 12)} vs ${g.sample(10, 12)})`;
  },

  // ---------------------------------------------------------------- wind fields
  "broken/wind/gust-counter": (h) => {
    const w = h.make();
    const first = Array.from(w.sample({ x: 1, y: 1 }));
    let gust;
    for (let i = 2; i <= 97; i++) gust = Array.from(w.sample({ x: 1, y: 1 }));
    h.assert(JSON.stringify(first) !== JSON.stringify(gust), "constant");
    return `sample at (1, 1): first call [${first}], 97th call [${gust}]`;
  },
  "broken/wind/vortex-centre": (h) => {
    const v = h.make().sample({ x: 20, y: 12 });
    h.assert(!Number.isFinite(v[0]) || !Number.isFinite(v[1]), "finite");
    return `sample at the centre (20, 12) is [${Array.from(v)}]`;
  },
  "broken/wind/gust-table-256": (h) => {
    const w = h.make();
    w.advanceToStep(300);
    const v = w.sample({ x: 0, y: 0 });
    h.assert(Number.isNaN(v[0]), "finite");
    return `after advanceToStep(300): [${Array.from(v)}]`;
  },
  "broken/wind/shared-buffer-after-advance": (h) => {
    const w = h.make();
    w.advanceToStep(1);
    const before = Array.from(w.sample({ x: 0, y: 0 }));
    w.sample({ x: 0, y: 0 })[0] = 99;
    const after = Array.from(w.sample({ x: 0, y: 0 }));
    h.assert(after[0] === 99, "copy returned");
    return `after writing 99 into a sample, the next sample is [${after}] (was [${before}])`;
  },
  "broken/wind/reseed-skip-same-seed": (h) => {
    const w = h.make();
    w.reset(5);
    for (let k = 1; k <= 3; k++) w.advanceToStep(k);
    w.reset(5);
    w.advanceToStep(1);
    const fresh = h.make();
    fresh.reset(5);
    fresh.advanceToStep(1);
    const a = Array.from(w.sample({ x: 0, y: 0 }));
    const b = Array.from(fresh.sample({ x: 0, y: 0 }));
    h.assert(JSON.stringify(a) !== JSON.stringify(b), "replayed");
    return `second reset(5), step 1: [${a}]; fresh reset(5), step 1: [${b}]`;
  },
  "broken/wind/table-offgrid": (h) => {
    try {
      h.make().sample({ x: 3, y: -1 });
    } catch (error) {
      return `sample({x: 3, y: -1}) throws ${error.constructor.name}`;
    }
    throw new Error("no error off the grid");
  },

  // ---------------------------------------------------------------- policies
  "broken/policy/memory-survives-unseeded-reset": (h) => {
    const obs = (v) => h.ndarray("float32", [1], f32(v));
    const a = h.make();
    a.reset({ seed: 1 });
    a.selectAction(obs(0.9));
    a.reset();
    const b = h.make();
    b.reset({ seed: 1 });
    b.reset();
    const seqA = [0.5, 0.6, 0.7, 0.3, 0.4].map((v) => a.selectAction(obs(v)));
    const seqB = [0.5, 0.6, 0.7, 0.3, 0.4].map((v) => b.selectAction(obs(v)));
    h.assert(JSON.stringify(seqA) !== JSON.stringify(seqB), "memory cleared");
    return `after reset(): actions [${seqA}] vs a policy with no earlier episode [${seqB}]`;
  },
  "broken/policy/plateau-relative-change": (h) => {
    const p = h.make();
    p.reset({ seed: 1 });
    const obs = (v) => h.ndarray("float32", [1], f32(v));
    p.selectAction(obs(0));
    const a = p.selectAction(obs(0));
    p.reset({ seed: 1 });
    p.selectAction(obs(0.3), { explore: false });
    const b = p.selectAction(obs(0.3), { explore: false });
    h.assert(!p.actionSpace.contains(a) || !p.actionSpace.contains(b), "contained");
    return `plateau of zeros -> action ${a}; plateau of 0.3 without exploration -> action ${b}`;
  },
  "broken/policy/seed-zero-clock": async (h) => {
    const run = () => {
      const p = h.make();
      p.reset({ seed: 0 });
      return Array.from({ length: 40 }, () => p.selectAction(h.ndarray("float32", [1], f32(0.5)))).join("");
    };
    const a = run();
    await sleep(5);
    const b = run();
    h.assert(a !== b, "reproducible");
    return `reset({seed: 0}) twice: ${a} vs ${b}`;
  },
  "broken/policy/setrng-ignored": (h) => {
    const run = (seed) => {
      const p = h.make();
      p.reset({ seed: 3 });
      p.setRng(h.Generator.fromSeed(seed));
      return Array.from({ length: 40 }, () => p.selectAction(h.ndarray("float32", [1], f32(0.5)))).join("");
    };
    h.assert(run(1) === run(2), "the injected generator is used");
    return `setRng(generator 1) and setRng(generator 2) give the same actions ${run(1)}`;
  },
  "broken/policy/module-epsilon-anneal": (h) => {
    const run = () => {
      const p = h.make();
      p.reset({ seed: 42 });
      return Array.from({ length: 60 }, (_, i) => p.selectAction(h.ndarray("float32", [2], f32(0.5, i % 3 === 0 ? 0.4 : 0.6)))).join("");
    };
    const a = run();
    const b = run();
    h.assert(a !== b, "same actions");
    return `two instances reset({seed: 42}): ${a} vs ${b}`;
  },
  "broken/policy/bearing-zero-sum": (h) => {
    const p = h.make();
    const a = p.selectAction(h.ndarray("float32", [1], f32(0)));
    h.assert(!p.actionSpace.contains(a), "contained");
    return `observation [0] gives action ${a}`;
  },

  // ---------------------------------------------------------------- environments
  "broken/env/truncate-off-by-one": (h) => {
    const env = h.createEnv();
    const { result, steps } = walk(env, (e, i) => (i % 2 === 0 ? 0 : 2), { options: { start_location: [0, 0] } });
    h.assert(steps !== env.maxSteps, "truncated at the limit");
    return `maxSteps ${env.maxSteps}: the episode was truncated after ${steps} steps (info.step_count ${result[4].step_count})`;
  },
  "broken/env/terminal-episode-summary": (h) => {
    const env = h.createEnv();
    const { result } = walk(env, 1, { options: { start_location: [70, 40] }, limit: 20 });
    h.assert(result[2] === true && result[4].step_count === undefined, "info keys present");
    return `terminating step info: ${JSON.stringify(result[4])}`;
  },
  "broken/env/inverse-distance-reward": (h) => {
    const env = h.createEnv();
    try {
      const { result } = walk(env, 1, { options: { start_location: [60, 30] }, limit: 20 });
      h.assert(!Number.isFinite(result[1]), "finite reward");
      return `the step onto the source returns reward ${result[1]} (terminated ${result[2]})`;
    } catch (error) {
      if (error.constructor.name === "DemoError") throw error;
      return `the step onto the source throws ${error.constructor.name}: ${error.message}`;
    }
  },
  "broken/env/far-corner-escape": (h) => {
    const env = h.createEnv();
    env.reset({ seed: 0 });
    let result;
    for (let i = 0; i < 100; i++) result = env.step(1);
    const [x] = result[4].agent_position;
    h.assert(x >= env.gridSize.width, "in bounds");
    return `100 steps RIGHT from the middle: agent_position ${JSON.stringify(result[4].agent_position)} on a ${env.gridSize.width}x${env.gridSize.height} grid`;
  },
  "broken/env/unseeded-reset-clock": async (h) => {
    const a = h.createEnv();
    a.reset({ seed: 3 });
    const [, ia] = a.reset();
    await sleep(1100);
    const b = h.createEnv();
    b.reset({ seed: 3 });
    const [, ib] = b.reset();
    h.assert(JSON.stringify(ia.agent_position) !== JSON.stringify(ib.agent_position), "same start");
    return `reset({seed: 3}) then reset(): starts ${JSON.stringify(ia.agent_position)} and ${JSON.stringify(ib.agent_position)}`;
  },
  "broken/env/seed-zero-as-none": (h) => {
    const starts = new Set(Array.from({ length: 4 }, () => JSON.stringify(h.createEnv().reset({ seed: 0 })[1].agent_position)));
    h.assert(starts.size > 1, "reproducible");
    return `four fresh envs reset({seed: 0}) start at ${[...starts].join(", ")}`;
  },
  "broken/env/reset-options-drop-seed": (h) => {
    const env = h.createEnv();
    const starts = new Set(Array.from({ length: 4 }, () => JSON.stringify(env.reset({ seed: 7, options: {} })[1].agent_position)));
    h.assert(starts.size > 1, "reproducible");
    return `reset({seed: 7, options: {}}) four times starts at ${[...starts].join(", ")}`;
  },
  "broken/env/render-float-frame": (h) => {
    const env = h.createEnv({ renderMode: "rgb_array" });
    env.reset({ seed: 0 });
    const frame = env.render();
    h.assert(frame.dtype !== "uint8", "uint8");
    return `rgb_array frame: ${frame.dtype} [${frame.shape}]`;
  },
  "broken/env/render-transposed": (h) => {
    const env = h.createEnv({ renderMode: "rgb_array" });
    env.reset({ seed: 0 });
    const frame = env.render();
    h.assert(frame.shape[0] !== env.gridSize.height, "[H, W, 3]");
    return `grid ${env.gridSize.width}x${env.gridSize.height}: frame shape [${frame.shape}]`;
  },
  "broken/env/both-flags-exclusive": (h) => {
    const env = h.createEnv({ maxSteps: 10 });
    const source = [env.goalLocation.x, env.goalLocation.y];
    env.reset({ seed: 0, options: { start_location: [source[0] - 11, source[1]] } });
    let result;
    for (let i = 0; i < 10; i++) result = env.step(1);
    h.assert(result[2] === true && result[3] === false && result[4].step_count >= env.maxSteps, "both flags");
    return `goal reached on step ${result[4].step_count} = max_steps ${env.maxSteps}: terminated ${result[2]}, truncated ${result[3]}`;
  },
  "broken/env/progress-obs-long-episode": (h) => {
    const env = h.createEnv();
    env.reset({ seed: 0, options: { start_location: [0, 0] } });
    let result;
    for (let i = 0; i < 1001; i++) result = env.step(i % 2 === 0 ? 0 : 2);
    h.assert(!env.observationSpace.contains(result[0]), "contained");
    return `after 1001 steps the observation is [${Array.from(result[0].data)}]`;
  },
  // ---------------------------------------------------------------- later additions
  "broken/sensor/scanline-64": (h) => {
    try {
      h.make().getObservation(h.state({ grid: [100, 10], agent: [3, 3] }));
    } catch (error) {
      return `on a 100x10 grid getObservation throws ${error.constructor.name}: ${error.message}`;
    }
    throw new Error("no error on a 100-wide grid");
  },
  "broken/sensor/clock-int16": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [1, 1], step_count: 40_000, max_steps: 100_000 }));
    h.assert(!s.observationSpace.contains(obs), "contained");
    return `step 40000: elapsed = ${obs.elapsed.data[0]}`;
  },
  "broken/sensor/time-bins-discrete": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [10, 10], agent: [1, 1], step_count: 70_000, max_steps: 100_000 }));
    h.assert(!s.observationSpace.contains(obs), "contained");
    return `step 70000: time bin ${obs[1]}, outside Discrete(16)`;
  },
  "broken/sensor/position-byte-norm": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [300, 300], agent: [299, 0] }));
    h.assert(!s.observationSpace.contains(obs), "contained");
    return `on a 300x300 grid at (299, 0) the position is [${obsValues(obs.position).map((v) => v.toFixed(3))}]`;
  },
  "broken/sensor/lenient-multidiscrete": (h) => {
    const s = h.make();
    const field = h.gaussian({ grid: [20, 20], source: [10, 10], sigma: 3 });
    const obs = s.getObservation(h.state({ grid: [20, 20], agent: [10, 10], field }));
    const nvec = obsValues(s.observationSpace.nvec);
    const over = obsValues(obs).findIndex((v, i) => !(Number(v) >= 0 && Number(v) < nvec[i]));
    h.assert(s.observationSpace.contains(obs) && over >= 0, "the plugin's contains and nvec agree");
    return `on the source cell the patch is [${obsValues(obs)}]: level ${obsValues(obs)[over]} is outside nvec ${nvec[over]}, yet the plugin's space accepts it`;
  },
  "broken/sensor/grid-key-undeclared": (h) => {
    const s = h.make();
    const full = h.state({ grid: [10, 10], agent: [1, 1] });
    const declared = Object.fromEntries(s.getMetadata().required_state_keys.map((k) => [k, full[k]]));
    try {
      s.getObservation(declared);
    } catch (error) {
      return `with only the declared keys (${Object.keys(declared).join(", ")}) getObservation throws ${error.constructor.name}`;
    }
    throw new Error("works with the declared keys");
  },
  "broken/action/clamp-square-assumed": (h) => {
    const r = h.make().processAction(0, h.agent([0, 4]), h.grid(10, 5));
    h.assert(r.position.y >= 5, "in bounds");
    return `UP from (0, 4) on a 10x5 grid lands at y = ${r.position.y}`;
  },
  "broken/reward/global-visited": (h) => {
    const t = [h.agent([10, 10]), 1, h.agent([11, 10]), h.gaussian({ grid: [32, 32] })];
    const first = h.make().computeReward(...t);
    const second = h.make().computeReward(...t);
    h.assert(first !== second, "same reward");
    return `the same transition on two fresh instances: ${first} then ${second}`;
  },
  "broken/field/uint16-row-offsets": (h) => {
    const f = h.make({ grid: [300, 300], source: [150, 250], sigma: 30 });
    const a = f.sample(150, 250);
    const b = f.fieldArray[250 * 300 + 150];
    h.assert(a !== b, "agree");
    return `on 300x300, sample(150, 250) = ${a} but fieldArray[250 * 300 + 150] = ${b}`;
  },
  "broken/field/bitshift-key-memo": (h) => {
    const opts = { size: { width: 3000, height: 4 }, hotspots: [{ x: 5, y: 1, strength: 1 }], spread: 3 };
    const fresh = h.make(opts).sample(1029, 0);
    const f = h.make(opts);
    f.sample(5, 1);
    const after = f.sample(1029, 0);
    h.assert(after !== fresh, "no collision");
    return `sample(1029, 0) is ${fresh} on a fresh field and ${after} after sampling (5, 1)`;
  },
  "broken/field/trunc-rounding-ridge": (h) => {
    const f = h.make();
    const v = f.sample(4.7, 20);
    h.assert(v === f.sample(4, 20) && v !== f.sample(5, 20), "rounds to the nearest cell");
    return `sample(4.7, 20) = ${v} is cell 4's value (${f.sample(4, 20)}), not cell 5's (${f.sample(5, 20)})`;
  },
  "broken/field/schedule-interp-end": (h) => {
    const f = h.make();
    const at = (k) => {
      f.advanceToStep(k);
      return f.sample(10, 15);
    };
    const [before, bad, after] = [at(1438), at(1439), at(1440)];
    h.assert(Number.isNaN(bad) && Number.isFinite(before) && Number.isFinite(after), "finite at step 1439");
    return `source cell at steps 1438, 1439, 1440: ${before}, ${bad}, ${after}`;
  },
  "broken/field/shared-cache-by-params": (h) => {
    h.make({ grid: [40, 30], source: [20, 15], sigma: 5 });
    const big = h.make({ grid: [80, 60], source: [20, 15], sigma: 5 });
    const v = big.sample(70, 50);
    h.assert(big.fieldArray.length !== 80 * 60 && v === undefined, "the second grid has its own field");
    return `an 80x60 plume after a 40x30 one: fieldArray has ${big.fieldArray.length} elements, sample(70, 50) is ${v}`;
  },
  "broken/wind/stream-corner-calm": (h) => {
    const v = h.make().sample({ x: 0, y: 0 });
    h.assert(Number.isNaN(v[0]), "finite");
    return `sample at the corner (0, 0) is [${Array.from(v)}]`;
  },
  "broken/env/truncation-total-steps": (h) => {
    const env = h.createEnv();
    const first = walk(env, (e, i) => (i % 2 === 0 ? 0 : 2), { options: { start_location: [0, 0] } });
    const second = walk(env, (e, i) => (i % 2 === 0 ? 0 : 2), { options: { start_location: [0, 0] } });
    h.assert(second.steps < env.maxSteps, "second episode full length");
    return `maxSteps ${env.maxSteps}: episode 1 truncated after ${first.steps} steps, episode 2 after ${second.steps} (info.step_count ${second.result[4].step_count})`;
  },
  "broken/env/info-seed-stale": (h) => {
    const env = h.createEnv();
    env.reset({ seed: 5 });
    const [, info] = env.reset();
    h.assert(info.seed === 5, "seed cleared");
    return `after reset({seed: 5}) and reset(): info.seed = ${info.seed}`;
  },
  "broken/sensor/undeclared-antenna-jitter": (h) => {
    const s = h.make();
    const state = h.state({ grid: [20, 20], agent: [8, 8], field: h.gaussian({ grid: [20, 20], source: [10, 9], sigma: 2 }) });
    const seen = new Set(Array.from({ length: 40 }, () => obsValues(s.getObservation(state)).join()));
    h.assert(seen.size > 1, "always the same reading");
    return `40 calls with one env state gave ${seen.size} different observations`;
  },
  "broken/sensor/log-odour-infinity": (h) => {
    const s = h.make();
    const obs = s.getObservation(h.state({ grid: [100, 10], agent: [99, 0], field: h.gaussian({ grid: [100, 10], source: [0, 9], sigma: 2 }) }));
    h.assert(obs.data[0] === -Infinity, "finite");
    return `far from the source the observation is [${obsValues(obs)}] (the space contains it: ${s.observationSpace.contains(obs)})`;
  },
  "broken/env/lenient-obs-space": (h) => {
    const env = h.createEnv();
    const { result } = walk(env, 1, { options: { start_location: [70, 40] }, limit: 20 });
    const [obs] = result;
    h.assert(env.observationSpace.contains(obs) && !h.isContained(env.observationSpace, obs), "the env's space and a plain Box agree");
    return `next to the source the observation is ${obs.data[0]}: the env's space says contained, a plain Box(0, 1) says not`;
  },
  "broken/env/late-termination": (h) => {
    const env = h.createEnv();
    let [, info] = env.reset({ seed: 0 });
    const KING = { "0,1": 0, "1,1": 1, "1,0": 2, "1,-1": 3, "0,-1": 4, "-1,-1": 5, "-1,0": 6, "-1,1": 7 };
    for (let i = 0; i < 100; i++) {
      const [x, y] = info.agent_position;
      const key = `${Math.sign(env.goalLocation.x - x)},${Math.sign(env.goalLocation.y - y)}`;
      const result = env.step(KING[key]);
      info = result[4];
      if (info.distance_to_goal === 0) {
        h.assert(result[2] === false, "terminated on the goal step");
        return `the step onto the source (step ${info.step_count}) has distance_to_goal 0 but terminated ${result[2]}`;
      }
    }
    throw new Error("never reached the goal");
  },
  "broken/env/hidden-den-late": (h) => {
    // the den (29, 7) is private: this demo knows it from the module's header
    const env = h.createEnv();
    let [, info] = env.reset({ seed: 0 });
    const MOVES = { "0,-1": 0, "1,0": 1, "0,1": 2, "-1,0": 3 };
    h.assert(env.goalLocation === undefined && !("goal_location" in info), "the env declares its goal");
    for (let i = 0; i < 200; i++) {
      const [x, y] = info.agent_xy;
      if (x === 28 && y === 7) break;
      const dx = Math.sign(28 - x);
      const key = dx !== 0 ? `${dx},0` : `0,${Math.sign(7 - y)}`;
      const result = env.step(MOVES[key]);
      h.assert(result[2] === false, `terminated on the way at (${result[4].agent_xy})`);
      info = result[4];
    }
    h.assert(info.agent_xy[0] === 28 && info.agent_xy[1] === 7, "never reached the den's west neighbour");
    const onto = env.step(MOVES["1,0"]);
    h.assert(onto[4].agent_xy[0] === 29 && onto[4].agent_xy[1] === 7 && onto[2] === false, "the step onto the den terminated");
    const after = env.step(MOVES["1,0"]);
    h.assert(after[2] === true, "the step after the den did not terminate");
    return `the step onto the den (29, 7) has terminated false; the next step, onto (${after[4].agent_xy}), has terminated true`;
  },
  "broken/env/stale-goal-check": (h) => {
    const env = h.createEnv();
    let [, info] = env.reset({ seed: 0 });
    const MOVES = { "0,1": 0, "1,0": 1, "0,-1": 2, "-1,0": 3 };
    for (let i = 0; i < 200; i++) {
      const [x, y] = info.agent_position;
      const dx = Math.sign(env.goalLocation.x - x);
      const key = dx !== 0 ? `${dx},0` : `0,${Math.sign(env.goalLocation.y - y)}`;
      const result = env.step(MOVES[key]);
      info = result[4];
      const [ax, ay] = info.agent_position;
      if (ax === env.goalLocation.x && ay === env.goalLocation.y) {
        h.assert(result[2] === false, "terminated on the goal step");
        return `the step onto the source (step ${info.step_count}) has agent_position on the goal, distance_to_goal ${info.distance_to_goal} and terminated ${result[2]}`;
      }
    }
    throw new Error("never reached the goal");
  },
  "broken/env/biased-action-sampler": (h) => {
    const space = h.createEnv().actionSpace;
    const draw = () => {
      space.seed(1);
      return Array.from({ length: 20 }, () => space.sample()).join("");
    };
    const [a, b] = [draw(), draw()];
    h.assert(a !== b, "seeded samples replayed");
    return `actionSpace.seed(1) then 20 samples, twice: ${a} vs ${b}`;
  },
  "broken/sensor/reset-keeps-baseline": (h) => {
    const field = h.gaussian({ grid: [20, 20], source: [10, 10], sigma: 3 });
    const states = [[10, 10], [9, 10], [8, 10]].map((agent) => h.state({ grid: [20, 20], agent, field }));
    const used = h.make();
    for (let i = 0; i < 30; i++) used.getObservation(states[0]);
    used.reset();
    const after = states.map((s) => obsValues(used.getObservation(s)).join());
    const fresh = h.make();
    fresh.reset();
    const first = states.map((s) => obsValues(fresh.getObservation(s)).join());
    h.assert(after.join("|") !== first.join("|"), "reset restored the sensor");
    return `after reset() the sequence gives [${after.join(" | ")}], a fresh instance [${first.join(" | ")}]`;
  },
  "broken/policy/spiral-schedule-end": (h) => {
    const p = h.make();
    p.reset({ seed: 0 });
    const zero = h.ndarray("float32", [1], f32(0));
    for (let i = 0; i < 5000; i++) {
      const a = p.selectAction(zero);
      if (!p.actionSpace.contains(a)) return `after ${i} search steps without odour the action is ${a}`;
    }
    throw new Error("every action contained");
  },
  "broken/reward/novelty-table-256": (h) => {
    const v = h.make().computeReward(h.agent([10, 300]), 0, h.agent([10, 301]), h.gaussian({ grid: [32, 32] }));
    h.assert(Number.isNaN(v), "finite");
    return `a transition to (10, 301) on a grid taller than 256 is rewarded ${v}`;
  },

  // ---------------------------------------------------------------- kitact's entries (issue 20, second author)
  "broken/action/momentum-repeat": (h) => {
    const p = h.make();
    p.processAction(1, h.agent([20, 20]), h.grid(50, 50));
    const used = p.processAction(1, h.agent([5, 5]), h.grid(50, 50));
    const fresh = h.make().processAction(1, h.agent([5, 5]), h.grid(50, 50));
    h.assert(used.position.x !== fresh.position.x, "same move");
    return `after RIGHT elsewhere, RIGHT from (5, 5) reaches x = ${used.position.x}; a fresh instance reaches x = ${fresh.position.x}`;
  },
  "broken/action/heading-radians": (h) => {
    const r = h.make().processAction(0, h.agent([5, 5], { orientation: 180 }), h.grid(10, 10));
    h.assert(!(r.position.x === 4 && r.position.y === 5), "moved along -x");
    return `CRAWL from (5, 5) at heading 180 gives (${r.position.x}, ${r.position.y}), not (4, 5)`;
  },
  "broken/action/float64-validate-fround": (h) => {
    const p = h.make();
    const next = h.ndarray("float64", [2], Float64Array.of(2.0000000000000004, 0));
    h.assert(p.validateAction(next) && !p.actionSpace.contains(next), "validate and contains agree");
    return "validateAction([2.0000000000000004, 0]) is true, actionSpace.contains is false";
  },
  "broken/reward/running-normaliser": (h) => {
    const field = h.gaussian({ grid: [64, 64], source: [32, 32], sigma: 6 });
    const t = () => [h.agent([30, 32]), 1, h.agent([31, 32]), field];
    const used = h.make();
    for (let i = 0; i < 50; i++) used.computeReward(h.agent([i % 64, 10]), 0, h.agent([(i + 1) % 64, 30]), field);
    const a = used.computeReward(...t());
    const b = h.make().computeReward(...t());
    h.assert(a !== b, "the same reward");
    return `the same transition: ${a} after 50 other transitions, ${b} on a fresh instance`;
  },
  "broken/reward/goal-log-distance": (h) => {
    const r = h.make();
    const field = h.gaussian({ grid: [64, 64] });
    const onto = r.computeReward(h.agent([24, 17]), 1, h.agent([25, 17]), field);
    const stay = r.computeReward(h.agent([25, 17]), 1, h.agent([25, 17]), field);
    h.assert(!Number.isFinite(onto) && Number.isNaN(stay), "finite");
    return `onto the goal (25, 17): ${onto}; staying on it: ${stay}`;
  },
  "broken/policy/reading-history-1024": (h) => {
    const p = h.make();
    p.reset({ seed: 0 });
    const obs = h.ndarray("float32", [1], f32(0));
    for (let i = 0; i < 3000; i++) {
      const a = p.selectAction(obs);
      if (!p.actionSpace.contains(a)) return `after ${i} equal readings the action is ${a}`;
    }
    throw new Error("every action contained");
  },
  "broken/policy/cast-counter-kept": (h) => {
    const zero = h.ndarray("float32", [1], f32(0));
    const a = h.make();
    a.reset({ seed: 1 });
    for (let i = 0; i < 5; i++) a.selectAction(zero);
    a.reset();
    const b = h.make();
    b.reset({ seed: 1 });
    b.reset();
    const seqA = Array.from({ length: 6 }, () => a.selectAction(zero));
    const seqB = Array.from({ length: 6 }, () => b.selectAction(zero));
    h.assert(seqA.join() !== seqB.join(), "memory cleared");
    return `after reset(): actions [${seqA}] vs a policy with no earlier episode [${seqB}]`;
  },
  "broken/policy/unseeded-reset-clock": async (h) => {
    const zero = h.ndarray("float32", [1], f32(0));
    const run = async (delay) => {
      const p = h.make();
      p.reset({ seed: 3 });
      for (let i = 0; i < 10; i++) p.selectAction(zero);
      await sleep(delay);
      p.reset();
      return Array.from({ length: 60 }, () => p.selectAction(zero)).join("");
    };
    const a = await run(0);
    const b = await run(5);
    h.assert(a !== b, "the same continuation");
    return `after reset({seed:3}) and reset(): ${a.slice(0, 20)}… vs ${b.slice(0, 20)}…`;
  },
  "broken/action/process-tolerance": (h) => {
    const p = h.make();
    const action = h.ndarray("float32", [2], f32(1.0000001192092896, 0.5));
    const r = p.processAction(action, h.agent([5, 5]), h.grid(10, 10));
    h.assert(!p.validateAction(action), "validateAction accepts it");
    return `processAction([1.0000001192, 0.5]) returned a state at (${r.position.x}, ${r.position.y}); validateAction is false`;
  },
  "broken/reward/odds-at-source": (h) => {
    const field = h.gaussian({ grid: [32, 32], source: [16, 16], sigma: 4 });
    const v = h.make().computeReward(h.agent([15, 16]), 1, h.agent([16, 16]), field);
    h.assert(!Number.isFinite(v), "finite");
    return `a step onto the source (16, 16) is rewarded ${v}`;
  },
};
