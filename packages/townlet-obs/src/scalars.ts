/**
 * The agent's own scalars: needs, economy and employment, time of day, shift one-hot, embedding
 * slot, episode progress and last-action metadata. Computed in float64; the Float32Array rounds.
 */
import { libm } from "@plume/core-types";
import type { ObservationConfig } from "./config.js";
import { actionIdHash } from "./hashing.js";
import { BASE_INDEX as I, SHIFT_STATES } from "./layout.js";
import { clamp, pyMod } from "./numeric.js";
import type { AgentRecord } from "./world-schema.js";

const SHIFT_FEATURES = ["shift_pre", "shift_on_time", "shift_late", "shift_absent", "shift_post"] as const;
/** Python's `math.tau`; the reference's `math.sin`/`math.cos` are glibc's, reproduced by `libm`. */
const TAU = 2 * Math.PI;

/** Writes every agent-local scalar; `ctx_reset_flag` is written as 0 (the builder sets it). */
export function encodeAgentScalars(
  features: Float32Array,
  agent: AgentRecord,
  tick: number,
  slot: number,
  config: ObservationConfig,
): void {
  features[I.need_hunger] = agent.needs.hunger ?? 0;
  features[I.need_hygiene] = agent.needs.hygiene ?? 0;
  features[I.need_energy] = agent.needs.energy ?? 0;
  features[I.wallet] = agent.wallet;
  features[I.lateness_counter] = agent.lateness_counter;
  features[I.on_shift] = agent.on_shift ? 1 : 0;

  const ticksPerDay = config.hybrid.time_ticks_per_day;
  const phase = pyMod(tick, ticksPerDay) / ticksPerDay;
  features[I.time_sin] = libm.sin(TAU * phase);
  features[I.time_cos] = libm.cos(TAU * phase);

  features[I.attendance_ratio] = agent.attendance_ratio;
  features[I.wages_withheld] = agent.wages_withheld;

  const state = (SHIFT_STATES as readonly string[]).includes(agent.shift_state) ? agent.shift_state : "pre_shift";
  SHIFT_STATES.forEach((name, i) => {
    features[I[SHIFT_FEATURES[i]]] = name === state ? 1 : 0;
  });

  features[I.embedding_slot_norm] = slot / config.embedding_allocator.max_slots;
  features[I.ctx_reset_flag] = 0;
  features[I.episode_progress] = clamp(agent.episode_tick / Math.max(1, ticksPerDay), 0, 1);

  features[I.last_action_id_hash] = actionIdHash(agent.last_action.kind);
  features[I.last_action_success] = agent.last_action.success ? 1 : 0;
  features[I.last_action_duration] = agent.last_action.duration;
}
