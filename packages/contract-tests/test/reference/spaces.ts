/**
 * The space catalogue the kit validates @plume/spaces with: Gymnasium's tests/spaces/utils.py
 * fundamental and composite spaces (Graph excepted: @plume/spaces has none) plus the fixture spaces.
 */
import { Box, Dict, Discrete, MultiBinary, MultiDiscrete, OneOf, Sequence, Text, Tuple, type Space } from "@plume/spaces";

type Factory = () => Space<unknown>;

export const FUNDAMENTAL_SPACES: Readonly<Record<string, Factory>> = {
  "Discrete(3)": () => new Discrete(3),
  "Discrete(3, start=-1)": () => new Discrete(3, { start: -1 }),
  "Discrete(9, start=-4)": () => new Discrete(9, { start: -4 }),
  "Box(-1, 1, [1]) float32": () => new Box({ low: -1, high: 1, shape: [1] }),
  "Box(-1, 1, []) float32": () => new Box({ low: -1, high: 1, shape: [] }),
  "Box([-10, 0], [10, 10]) float64": () => new Box({ low: [-10, 0], high: [10, 10], dtype: "float64" }),
  "Box(-1, 0, [3, 4]) float32": () => new Box({ low: -1, high: 0, shape: [3, 4] }),
  "Box(0, 255, [4, 4, 3]) uint8": () => new Box({ low: 0, high: 255, shape: [4, 4, 3], dtype: "uint8" }),
  "Box(0, 1, [2]) float32": () => new Box({ low: 0, high: 1, shape: [2] }),
  "Box(0, inf, [2]) float64": () => new Box({ low: 0, high: Infinity, shape: [2], dtype: "float64" }),
  "Box(-inf, 0, [2]) float32": () => new Box({ low: -Infinity, high: 0, shape: [2] }),
  "Box(-inf, inf, [3]) float32": () => new Box({ low: -Infinity, high: Infinity, shape: [3] }),
  "Box([0, -inf], [1, inf]) float32": () => new Box({ low: [0, -Infinity], high: [1, Infinity] }),
  "Box(0, 127, [2]) int32": () => new Box({ low: 0, high: 127, shape: [2], dtype: "int32" }),
  "Box(-128, 127, [2]) int8": () => new Box({ low: -128, high: 127, shape: [2], dtype: "int8" }),
  "Box(-inf, inf, [2]) int32": () => new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "int32" }),
  "MultiDiscrete([2, 2])": () => new MultiDiscrete([2, 2]),
  "MultiDiscrete([3, 5, 2])": () => new MultiDiscrete([3, 5, 2]),
  "MultiDiscrete([[2, 3], [3, 2]])": () => new MultiDiscrete([
    [2, 3],
    [3, 2],
  ]),
  "MultiDiscrete([2, 3], int8, start [-1, -1])": () => new MultiDiscrete({ nvec: [2, 3], dtype: "int8", start: [-1, -1] }),
  "MultiBinary(8)": () => new MultiBinary(8),
  "MultiBinary([2, 3])": () => new MultiBinary([2, 3]),
  "Text(6)": () => new Text(6),
  "Text(min 3, max 6)": () => new Text({ maxLength: 6, minLength: 3 }),
  "Text(6, charset abcdef)": () => new Text(6, { charset: "abcdef" }),
};

export const COMPOSITE_SPACES: Readonly<Record<string, Factory>> = {
  "Tuple(Discrete(5), Discrete(4))": () => new Tuple([new Discrete(5), new Discrete(4)]),
  "Tuple(Discrete(5), Box)": () => new Tuple([new Discrete(5), new Box({ low: [0, 0], high: [1, 5], dtype: "float32" })]),
  "Tuple(Discrete(5), Tuple(Box, Discrete(2)))": () => new Tuple([new Discrete(5), new Tuple([new Box({ low: 0, high: 1, shape: [2] }), new Discrete(2)])]),
  "Tuple(MultiDiscrete, MultiBinary)": () => new Tuple([new MultiDiscrete([2, 3]), new MultiBinary(4)]),
  "Dict(position, velocity)": () => new Dict({ position: new Discrete(5), velocity: new Box({ low: [0, 0], high: [1, 5], dtype: "float32" }) }),
  "Dict(odor, wind) (fixture)": () => new Dict({ odor: new Box({ low: 0, high: 1, shape: [1] }), wind: new Box({ low: -1, high: 1, shape: [2] }) }),
  "Dict(a, b: Dict)": () => new Dict({ a: new Discrete(3), b: new Dict({ c: new MultiBinary(3), d: new Box({ low: -1, high: 1, shape: [2] }) }) }),
  "Tuple(Discrete(3), Box) (fixture)": () => new Tuple([new Discrete(3), new Box({ low: 0, high: 1, shape: [2] })]),
  "Sequence(Discrete(4))": () => new Sequence(new Discrete(4)),
  "Sequence(Box, stack)": () => new Sequence(new Box({ low: 0, high: 1, shape: [2] }), { stack: true }),
  "Sequence(Dict)": () => new Sequence(new Dict({ a: new Discrete(3), b: new Box({ low: 0, high: 1, shape: [1] }) })),
  "OneOf(Discrete(3), Box)": () => new OneOf([new Discrete(3), new Box({ low: -1, high: 1, shape: [2] })]),
  "OneOf(MultiBinary, Discrete(2, start=5))": () => new OneOf([new MultiBinary(3), new Discrete(2, { start: 5 })]),
};

export const CATALOGUE_SPACES: Readonly<Record<string, Factory>> = { ...FUNDAMENTAL_SPACES, ...COMPOSITE_SPACES };
