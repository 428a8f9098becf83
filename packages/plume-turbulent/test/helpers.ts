// Shared by the tests: the turbulent-plume fixtures (read from ../shared/fixtures at test time) and the
// simulation parameters of a fixture configuration.
import { readFixture as readShared } from "@plume/tooling/fixtures";
import type { SimulationParameters } from "../src/simulation.js";

export const readFixture = (name: string): unknown => readShared(`turbulent-plume/${name}`);

/** A fixture's `config` block (pompy's names). */
export interface FixtureConfig {
  dt: number;
  wind: {
    region: [number, number, number, number];
    n_x: number;
    n_y: number;
    u_av: number;
    v_av: number;
    k_x: number;
    k_y: number;
    noise_gain: number;
    noise_damp: number;
    noise_bandwidth: number;
    use_original_noise_updates: boolean;
  };
  plume: {
    region: [number, number, number, number];
    source_pos: number[];
    model_z_disp: boolean;
    centre_rel_diff_scale: number | number[];
    puff_init_rad: number;
    puff_spread_rate: number;
    puff_release_rate: number;
    init_num_puffs: number;
    max_num_puffs: number;
  };
}

/** The simulation parameters of a fixture configuration (pompy's parameter names -> Plume's). */
export function parametersOf(config: FixtureConfig, overrides: { maxPuffs?: number; releaseRate?: number } = {}): SimulationParameters {
  const w = config.wind;
  const p = config.plume;
  const sigma = p.centre_rel_diff_scale;
  const s3: [number, number, number] = typeof sigma === "number" ? [sigma, sigma, sigma] : [sigma[0] ?? 0, sigma[1] ?? 0, sigma[2] ?? 0];
  return {
    dt: config.dt,
    wind: {
      region: w.region,
      nx: w.n_x,
      ny: w.n_y,
      uAv: w.u_av,
      vAv: w.v_av,
      kx: w.k_x,
      ky: w.k_y,
      noiseGain: w.noise_gain,
      noiseDamping: w.noise_damp,
      noiseBandwidth: w.noise_bandwidth,
      originalNoiseUpdates: w.use_original_noise_updates,
    },
    puffs: {
      region: p.region,
      source: [p.source_pos[0] ?? 0, p.source_pos[1] ?? 0, p.source_pos[2] ?? 0],
      zDispersion: p.model_z_disp,
      sigma: s3,
      initialRadius: p.puff_init_rad,
      spreadRate: p.puff_spread_rate,
      releaseRate: overrides.releaseRate ?? p.puff_release_rate,
      initialPuffs: p.init_num_puffs,
      maxPuffs: overrides.maxPuffs ?? p.max_num_puffs,
    },
  };
}

/** The docs demo configuration, as the statistics fixture records it. */
export function demoParameters(): SimulationParameters {
  return parametersOf((readFixture("demo-statistics.json") as { config: FixtureConfig }).config);
}
