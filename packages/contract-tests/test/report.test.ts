/** Report renderings: text, JSON and JUnit XML. */
import { describe, expect, it } from "vitest";
import { checkObservationModel, formatReport, reportsToJSON, reportsToJUnit } from "../src/index.js";
import { OBS_FIXTURES } from "./broken/obs.js";
import { ConcentrationSensor } from "./reference/sensors.js";

/** A minimal XML well-formedness check: balanced tags, quoted attributes, no raw < or & in text. */
export function wellFormedXml(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    const text = body.slice(last, m.index);
    if (/[<]/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    last = m.index + m[0].length;
    const [, close, name, , selfClose] = m;
    if (selfClose === "/") continue;
    if (close === "/") {
      if (stack.pop() !== name) return false;
    } else stack.push(name as string);
  }
  return stack.length === 0 && body.slice(last).trim() === "";
}

describe("report renderings", () => {
  const good = checkObservationModel(() => new ConcentrationSensor(), { name: "good <sensor> & co" });
  const bad = OBS_FIXTURES["obs.space-containment"]!.run({ name: "bad" });

  it("formats failures with the id, rule, counterexample and seed", () => {
    const text = formatReport(bad);
    expect(text).toContain("FAIL obs.space-containment");
    expect(text).toContain("counterexample:");
    expect(text).toContain("replay: seed");
    expect(text).toContain("skip obs.rng-only");
  });

  it("writes well-formed JUnit XML with one testcase per check", () => {
    const xml = reportsToJUnit([good, bad]);
    expect(wellFormedXml(xml)).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(good.results.length + bad.results.length);
    expect(xml).toContain('name="obs.space-containment"');
    expect(xml).toMatch(/<failure message="obs.space-containment: [^"]*" type="ContractViolation">/);
    expect(xml).toContain("<skipped");
    expect(xml).toContain("good &lt;sensor&gt; &amp; co");
    const failures = Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)?.[1]);
    expect(failures).toBe(bad.counts.failed);
  });

  it("writes JSON with ok, counts and every result", () => {
    const json = JSON.parse(reportsToJSON([good, bad])) as { ok: boolean; counts: { failed: number }; suites: { results: { id: string; status: string }[] }[] };
    expect(json.ok).toBe(false);
    expect(json.counts.failed).toBe(bad.counts.failed);
    expect(json.suites[1]?.results.find((r) => r.id === "obs.space-containment")?.status).toBe("failed");
  });
});
