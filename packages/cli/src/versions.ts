/** The versions a run record stores: Node and the Plume packages that produced it. */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function versionOf(specifier: string): string {
  try {
    const manifest = require(specifier) as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : "unknown";
  } catch {
    return "unknown";
  }
}

/** This package's version. */
export const CLI_VERSION: string = versionOf("../package.json");

/** `{ node, "@plume/cli", "@plume/env", "@plume/policies", "@plume/core-types", "@plume/spaces" }`. */
export function versions(): Readonly<Record<string, string>> {
  return {
    node: process.version,
    "@plume/cli": CLI_VERSION,
    "@plume/env": versionOf("@plume/env/package.json"),
    "@plume/policies": versionOf("@plume/policies/package.json"),
    "@plume/core-types": versionOf("@plume/core-types/package.json"),
    "@plume/spaces": versionOf("@plume/spaces/package.json"),
  };
}
