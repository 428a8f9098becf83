/**
 * @plume/plume-turbulent: a turbulent filament (puff) odour plume after Farrell et al. (2002), following pompy
 * (InsectRobotics/pompy, MIT): a meandering wind (mean flow + coloured corner noise, advection–diffusion on a
 * coarse grid, bicubic not-a-knot interpolation), puffs released as a Poisson process, advected, dispersed and
 * grown, removed outside the region; point read-outs by spatial binning, full frames on demand.
 */
export { TurbulentPlume, TurbulentWind } from "./field.js";
export { TurbulentPlumeOptionsSchema, MAX_GRID_CELLS, MAX_PUFFS_LIMIT, simulationParameters, gridMapping, sourcePoint } from "./options.js";
export type { TurbulentPlumeOptions, ResolvedTurbulentOptions, GridLayout } from "./options.js";
export { TurbulentSimulation, EXIT_SIDES } from "./simulation.js";
export type { SimulationParameters, PuffParameters, SimulationCounters, SimulationSnapshot, ExitLog } from "./simulation.js";
export { WindModel } from "./wind-model.js";
export type { WindParameters, NormalSource } from "./wind-model.js";
export { exactConcentration, pixelArray, PuffIndex } from "./concentration.js";
export type { PuffArrays, PixelArrayOptions, PointGrid } from "./concentration.js";
export { poisson } from "./poisson.js";
export { turbulentPlumePlugin, turbulentWindPlugin, plugin, plugins } from "./plugin.js";
