import { SWEEP_SEEDS, registerSweep } from "./broken/seeds.js";

registerSweep(SWEEP_SEEDS.slice(0, 10));
