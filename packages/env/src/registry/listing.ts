/**
 * A readable listing of the registry (Gymnasium's `pprint_registry`): ids grouped by namespace (or,
 * without one, by the package their entry point comes from), in columns; with `details`, one line per id
 * with its entry point, time limit and description.
 */
import { parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import type { EnvSpec } from "../env/types.js";
import { PLUME_NAV_ID, PLUME_SEARCH_ID, parseEnvId, registeredSpecs } from "./registry.js";

/** Options of `pprintRegistry`. */
export const PprintRegistryOptionsSchema = z.strictObject({
  /** Ids per line. Default 3. */
  numCols: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }).default(3),
  /** Groups to leave out. */
  excludeNamespaces: z.array(z.string({ error: "a group name" }), { error: "an array of group names" }).optional(),
  /** Return the text instead of printing it (with `console.log`). Default false. */
  disablePrint: z.boolean({ error: "a boolean" }).default(false),
  /** One line per id: entry point, time limit, description. Default false. */
  details: z.boolean({ error: "a boolean" }).default(false),
});
export type PprintRegistryOptions = z.input<typeof PprintRegistryOptionsSchema>;

const BUILTIN = new Set([PLUME_NAV_ID, PLUME_SEARCH_ID]);

/** The group an id is listed under: its namespace, its entry point's package, or its name. */
function groupOf(spec: EnvSpec): string {
  const { namespace, name } = parseEnvId(spec.id);
  if (namespace !== undefined) return namespace;
  if (typeof spec.entryPoint === "string") return spec.entryPoint.slice(0, spec.entryPoint.lastIndexOf(":"));
  return BUILTIN.has(spec.id) ? "@plume/env" : name;
}

function entryPointText(spec: EnvSpec): string {
  if (typeof spec.entryPoint === "string") return spec.entryPoint;
  return BUILTIN.has(spec.id) ? "@plume/env (built in)" : `function ${spec.entryPoint.name || "(anonymous)"}`;
}

/**
 * Lists the registered ids. Prints the listing (and returns undefined), or with `disablePrint` returns it.
 *
 * ```text
 * ===== @plume/env =====
 * PlumeNav-v0    PlumeSearch-v0
 * ```
 * @throws ValidationError naming a bad option.
 */
export function pprintRegistry(options: PprintRegistryOptions = {}): string | undefined {
  const parsed = parseWithSchema(PprintRegistryOptionsSchema, options, { what: "pprintRegistry options" });
  const groups = new Map<string, EnvSpec[]>();
  for (const spec of registeredSpecs()) {
    const group = groupOf(spec);
    if (parsed.excludeNamespaces?.includes(group) === true) continue;
    groups.set(group, [...(groups.get(group) ?? []), spec]);
  }
  const width = Math.max(0, ...[...groups.values()].flat().map((s) => s.id.length));
  const sections = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, specs]) => {
      const header = `===== ${group} =====`;
      if (parsed.details) {
        const lines = specs.map((s) => {
          const limit = s.maxEpisodeSteps === null ? "no time limit" : `${s.maxEpisodeSteps} steps`;
          return `${s.id.padEnd(width)}  ${entryPointText(s)}; ${limit}${s.description === undefined ? "" : `; ${s.description}`}`;
        });
        return [header, ...lines].join("\n");
      }
      const rows: string[] = [];
      for (let i = 0; i < specs.length; i += parsed.numCols) {
        rows.push(specs.slice(i, i + parsed.numCols).map((s) => s.id.padEnd(width)).join(" ").trimEnd());
      }
      return [header, ...rows].join("\n");
    });
  const text = sections.join("\n");
  if (parsed.disablePrint) return text;
  console.log(text);
  return undefined;
}
