// The plume command from a script: compare the baselines, then record a run and replay it.
// Run: node examples/compare.mjs   (the same as `npx plume compare ...` etc. on the command line)
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "@plume/cli";

const dir = mkdtempSync(join(tmpdir(), "plume-cli-example-"));
try {
  // 1. The four baselines on the default environment, 10 seeds each: a table on stdout and one picture.
  const picture = join(dir, "compare.png");
  let code = await main(["compare", "--episodes", "10", "--out", picture, "--no-progress"]);
  if (code !== 0) throw new Error(`plume compare exited with ${code}`);
  console.log(`the picture is ${statSync(picture).size} bytes`);

  // 2. Record 3 episodes of surge-cast, then replay them: every step must match the record exactly.
  const run = join(dir, "run");
  code = await main(["record", "--policy", "surge-cast", "--episodes", "3", "--out", run, "--no-progress"]);
  if (code !== 0) throw new Error(`plume record exited with ${code}`);
  code = await main(["replay", run]);
  if (code !== 0) throw new Error(`plume replay exited with ${code}`);

  // 3. A bad flag: one line on stderr naming it, and exit code 2.
  code = await main(["run", "--episodes", "many"]);
  console.log(`a bad flag exits with code ${code}`);
  if (code !== 2) throw new Error("expected exit code 2");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
