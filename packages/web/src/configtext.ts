/**
 * The config editor's text: YAML or JSON (JSON is YAML, so one parser reads both), syntax errors with their
 * line, the line of a config field (to show a validation error next to it), and the text to copy for
 * `plume run --config`.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, stringify, type Node } from "yaml";

/** The result of reading the editor's text. */
export type ParsedText =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string; readonly line: number };

/** Reads YAML or JSON text. Syntax errors carry their 1-based line. */
export function parseConfigText(text: string): ParsedText {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first !== undefined) {
    const line = lines.linePos(first.pos[0]).line;
    return { ok: false, message: `syntax: ${first.message.split("\n")[0] ?? first.message}`, line };
  }
  return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) };
}

/** The segments of a config path: `plume.options.sigma` -> plume, options, sigma; `gridSize[1]` -> gridSize, 1. */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (match === null) {
      out.push(part);
      continue;
    }
    if (match[1] !== "") out.push(match[1] as string);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

/**
 * The 1-based line of the deepest part of `path` the text has (the key's line for a mapping entry), or
 * undefined when not even its first segment is there (or the text does not parse).
 */
export function lineOfPath(text: string, path: string): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  let node: unknown = doc.contents;
  let line: number | undefined;
  for (const segment of pathSegments(path)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment));
      if (pair === undefined) break;
      const range = (pair.key as Node | null)?.range;
      if (range !== undefined && range !== null) line = lines.linePos(range[0]).line;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      const item = node.items[segment] as Node | undefined;
      if (item === undefined) break;
      if (item.range !== undefined && item.range !== null) line = lines.linePos(item.range[0]).line;
      node = item;
    } else {
      break;
    }
  }
  return line;
}

/** The config as editor text. */
export function configText(config: unknown, format: "yaml" | "json"): string {
  return format === "json" ? `${JSON.stringify(config, null, 2)}\n` : stringify(config, { flowCollectionPadding: false, collectionStyle: "any" });
}

/** A shell word: `text` as is when it is plain, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/**
 * The commands that repeat the page's episode and comparison with the CLI, given the config saved as `file`
 * (`policyOptions`: the JSON typed in the page, empty for the defaults; `plume compare` runs the defaults).
 */
export function cliCommands(file: string, policy: string, seed: number, policies: readonly string[], episodes: number, policyOptions = ""): string[] {
  const options = policyOptions === "" ? "" : ` --policy-options ${shellWord(policyOptions)}`;
  return [
    `plume run --config ${file} --policy ${policy}${options} --seed ${seed} --episodes 1`,
    `plume compare --config ${file} --policies ${policies.join(",")} --seed ${seed} --episodes ${episodes}`,
  ];
}
