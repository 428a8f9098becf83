/**
 * Example configs: the repository's `examples/*.yaml` (and `.json`), bundled at build time. The page offers
 * those whose every component type the page can resolve — so `examples/movie.yaml` appears once the movie
 * plume's package is one of the page's dependencies.
 */
import { parseConfigText } from "./configtext.js";
import type { Choices } from "./protocol.js";

/** An example config: its file name, its text (comments kept) and its first comment line. */
export interface Example {
  readonly name: string;
  readonly text: string;
  readonly summary: string;
}

const SECTIONS = ["plume", "sensor", "action", "reward", "wind"] as const;

function typeOf(spec: unknown): string | undefined {
  if (typeof spec === "string") return spec;
  if (spec !== null && typeof spec === "object" && typeof (spec as { type?: unknown }).type === "string") return (spec as { type: string }).type;
  return undefined;
}

/** The examples among `files` (path -> text) that parse to a config object naming only types in `choices`. */
export function examplesFor(files: Readonly<Record<string, string>>, choices: Choices): Example[] {
  const out: Example[] = [];
  for (const [path, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const parsed = parseConfigText(text);
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value)) continue;
    const config = parsed.value as Record<string, unknown>;
    const usable = SECTIONS.every((section) => {
      const type = typeOf(config[section]);
      return config[section] === undefined || (type !== undefined && choices[section].includes(type));
    });
    if (!usable) continue;
    const summary = /^#\s*(.+)$/m.exec(text)?.[1]?.trim() ?? "";
    out.push({ name: (path.split("/").pop() ?? path).replace(/\.(ya?ml|json)$/, ""), text, summary });
  }
  return out;
}

/** The repository's example configs, as bundled. */
export const EXAMPLE_FILES: Readonly<Record<string, string>> = import.meta.glob("../../../examples/*.{yaml,yml,json}", { query: "?raw", import: "default", eager: true });
