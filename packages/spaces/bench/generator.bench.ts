import { bench, describe } from "vitest";
import { Generator } from "../src/random/index.js";

const rng = Generator.fromSeed(0);
const bytes = new Int8Array(1024);
const normals = new Float64Array(1024);

describe("Generator (one call per iteration)", () => {
  bench("random()", () => {
    rng.random();
  });
  bench("integers(0, 4)", () => {
    rng.integers(0, 4);
  });
  bench("uniform(0, 360)", () => {
    rng.uniform(0, 360);
  });
  bench("standardNormal()", () => {
    rng.standardNormal();
  });
  bench("standardExponential()", () => {
    rng.standardExponential();
  });
  bench("standardNormalFill(float64 x 1024)", () => {
    rng.standardNormalFill(normals);
  });
  bench("fillIntegers(int8 x 1024, 0, 2)", () => {
    rng.fillIntegers(bytes, 0, 2, "int8");
  });
});
