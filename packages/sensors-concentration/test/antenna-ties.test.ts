/**
 * Issue 27: antenna sensors on .5 rounding ties read the reference's cells. The expected cells are
 * the reference's formula evaluated by NumPy (scripts/record-antenna-cells.py): 240° at distance √3,
 * the default three-sensor layout (0°, 120°, 240°) at distances where ties occur, and other layouts.
 */
import { readFileSync } from "node:fs";
import { AgentState, Coordinates, GridSize, roundHalfEven } from "@plume/core-types";
import { agentBatch, batchContext } from "@plume/test-support/batch";
import { describe, expect, it } from "vitest";
import { AntennaeArraySensor } from "../src/index.js";
import { envState } from "./helpers.js";

interface Case {
  readonly distance: number;
  readonly angles: readonly number[];
  readonly heading: number;
  readonly cells: readonly (readonly [number, number])[];
}
const file = JSON.parse(readFileSync(new URL("./data/antenna-reference-cells.json", import.meta.url), "utf8")) as {
  readonly position: readonly [number, number];
  readonly distances: readonly number[];
  readonly layouts: readonly (readonly number[])[];
  readonly headings: readonly number[];
  readonly cells: string;
};
/** The cases in the recording script's order, with the cells decoded. */
const recorded = (() => {
  const [px, py] = file.position;
  const cases: Case[] = [];
  let at = 0;
  const decode = () => {
    const cx = px + file.cells.charCodeAt(at) - 97 - 12;
    const cy = py + file.cells.charCodeAt(at + 1) - 97 - 12;
    at += 2;
    return [cx, cy] as const;
  };
  for (const distance of file.distances) {
    for (const angles of file.layouts) {
      const headings = angles.length === 3 ? file.headings : file.headings.slice(0, 360).filter((_, i) => i % 15 === 0);
      for (const heading of headings) cases.push({ distance, angles, heading, cells: angles.map(decode) });
    }
  }
  expect(at).toBe(file.cells.length);
  return { position: file.position, cases };
})();
const [x0, y0] = recorded.position;
const grid = new GridSize(41, 41);
// Every cell holds a distinct value, so a reading names the cell it came from.
const field = Float32Array.from({ length: grid.width * grid.height }, (_, i) => (i + 1) / (grid.width * grid.height + 1));
const valueAt = ([x, y]: readonly [number, number]) => (grid.contains({ x, y }) ? (field[y * grid.width + x] as number) : 0);

/** The cells with V8's Math.cos/Math.sin (what Plume computed before): used to show the cases bite. */
function v8Cells(c: Case): [number, number][] {
  return c.angles.map((a) => {
    const rad = (c.heading + a) * (Math.PI / 180);
    return [roundHalfEven(x0 + c.distance * Math.cos(rad)), roundHalfEven(y0 + -c.distance * Math.sin(rad))];
  });
}

describe("AntennaeArraySensor on rounding ties", () => {
  it("sensorCells matches every recorded case", () => {
    expect(recorded.cases.length).toBeGreaterThan(10000);
    for (const c of recorded.cases) {
      const sensor = new AntennaeArraySensor({ sensorAngles: [...c.angles], sensorDistance: c.distance });
      expect(sensor.sensorCells(x0, y0, c.heading), `d=${c.distance} angles=${c.angles} heading=${c.heading}`).toEqual(c.cells);
    }
  });

  it("the recorded cases include ties where V8's trigonometry reads another cell", () => {
    const differing = recorded.cases.filter((c) => JSON.stringify(v8Cells(c)) !== JSON.stringify(c.cells));
    expect(differing.length).toBeGreaterThan(10);
    // 240° at d = 0.577350269189626 (0.5 / |sin 240°|, next to 1/√3): NumPy's -d·sin is exactly 0.5 (which rounds
    // to even, cell 0), V8's is 0.5000000000000001 (cell 1).
    const at240 = recorded.cases.find((c) => c.distance === 0.577350269189626 && c.angles.length === 1 && c.heading === 0);
    expect(at240).toBeDefined();
    expect(v8Cells(at240!)).not.toEqual(at240!.cells);
    // The default layout at tie distances is among the differing cases.
    expect(differing.some((c) => c.angles.length === 3)).toBe(true);
  });

  it.each([Math.sqrt(3), 1 / Math.sqrt(3), Math.sqrt(3) / 3, 0.577350269189626])("240° at distance %d reads the reference's cell", (distance) => {
    const sensor = new AntennaeArraySensor({ sensorAngles: [240], sensorDistance: distance });
    const c = recorded.cases.find((k) => k.distance === distance && k.angles.length === 1 && k.heading === 0)!;
    expect(c).toBeDefined();
    expect(sensor.sensorCells(x0, y0, 0)).toEqual(c.cells);
    const obs = sensor.getObservation(envState({ grid, field, agent: new AgentState({ position: new Coordinates(x0, y0), orientation: 0 }) }));
    expect([...obs.data]).toEqual(c.cells.map(valueAt));
  });

  it("the default three-sensor layout reads the reference's cells at every recorded tie distance and heading", () => {
    const cases = recorded.cases.filter((c) => c.angles.join() === "0,120,240");
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      const sensor = new AntennaeArraySensor({ nSensors: 3, sensorDistance: c.distance });
      expect(sensor.sensorAngles).toEqual([0, 120, 240]);
      expect(sensor.sensorCells(x0, y0, c.heading), `d=${c.distance} heading=${c.heading}`).toEqual(c.cells);
    }
  });

  it("every recorded case matches on the single and the batch path", () => {
    // All cases that V8 gets wrong, and every 7th of the others (the full set is covered by sensorCells below).
    const cases = recorded.cases.filter((c, i) => i % 7 === 0 || JSON.stringify(v8Cells(c)) !== JSON.stringify(c.cells));
    for (const c of cases) {
      const sensor = new AntennaeArraySensor({ sensorAngles: [...c.angles], sensorDistance: c.distance });
      const expected = c.cells.map(valueAt);
      const state = envState({ grid, field, agent: new AgentState({ position: new Coordinates(x0, y0), orientation: c.heading }) });
      expect([...sensor.getObservation(state).data], `d=${c.distance} angles=${c.angles} heading=${c.heading}`).toEqual(expected);
      const agents = agentBatch([
        { x: x0, y: y0, orientation: c.heading, stepCount: 0, totalReward: 0 },
        { x: x0, y: y0, orientation: (c.heading + 90) % 360, stepCount: 0, totalReward: 0 },
      ]);
      const out = new Float32Array(2 * c.angles.length);
      sensor.fillObservationBatch(out, agents, batchContext({ grid, fieldArray: field }), Int32Array.of(0, 1), 2);
      expect([...out.subarray(0, c.angles.length)]).toEqual(expected);
    }
  });

  it("reads the same cells once the heading cache is full (a new heading every step)", () => {
    const byLayout = new Map<string, Case[]>();
    for (const c of recorded.cases) byLayout.set(`${c.distance}|${c.angles}`, [...(byLayout.get(`${c.distance}|${c.angles}`) ?? []), c]);
    let checked = 0;
    for (const cases of [...byLayout.values()].filter((_, i) => i % 3 === 0)) {
      const first = cases[0]!;
      const sensor = new AntennaeArraySensor({ sensorAngles: [...first.angles], sensorDistance: first.distance });
      const n = first.angles.length;
      // Fill the cache with 4096 headings that the cases do not use.
      const filler = agentBatch(Array.from({ length: 4096 }, (_, i) => ({ x: 5, y: 5, orientation: 1000 + i / 7, stepCount: 0, totalReward: 0 })));
      sensor.fillObservationBatch(new Float32Array(4096 * n), filler, batchContext({ grid, fieldArray: field }), Int32Array.from({ length: 4096 }, (_, i) => i), 4096);
      const agents = agentBatch(cases.map((c) => ({ x: x0, y: y0, orientation: c.heading, stepCount: 0, totalReward: 0 })));
      const out = new Float32Array(cases.length * n);
      sensor.fillObservationBatch(out, agents, batchContext({ grid, fieldArray: field }), Int32Array.from(cases.keys()), cases.length);
      cases.forEach((c, i) => expect([...out.subarray(i * n, (i + 1) * n)], `d=${c.distance} angles=${c.angles} heading=${c.heading}`).toEqual(c.cells.map(valueAt)));
      checked += cases.length;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
