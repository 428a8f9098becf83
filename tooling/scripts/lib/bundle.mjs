// Bundles code for the browser with esbuild, recording every Node built-in the bundle would import.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/**
 * Bundles `entry` (a file) or `contents` (ESM source resolved from `resolveDir`) for the browser platform,
 * minified, as one ESM file. Returns the code, its size and gzipped size, the Node built-ins it imports
 * (`node:` specifiers, each with the file that imports it) and esbuild's errors (an unresolvable bare
 * built-in such as `fs` is one). Nothing is written to disk.
 */
export async function browserBundle({ entry, contents, resolveDir, minify = true }) {
  const builtins = [];
  const noNodeBuiltins = {
    name: "no-node-builtins",
    setup(b) {
      b.onResolve({ filter: /^node:/ }, (args) => {
        builtins.push({ specifier: args.path, importer: args.importer });
        return { path: args.path, external: true };
      });
    },
  };
  try {
    const result = await build({
      ...(entry !== undefined ? { entryPoints: [entry] } : { stdin: { contents, resolveDir, sourcefile: "entry.mjs", loader: "js" } }),
      bundle: true,
      minify,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [noNodeBuiltins],
    });
    const code = result.outputFiles[0].contents;
    return { code, bytes: code.length, gzipBytes: gzipSync(code).length, builtins, errors: [], metafile: result.metafile };
  } catch (error) {
    const errors = (error.errors ?? [{ text: String(error) }]).map((e) => `${e.text}${e.location ? ` (${e.location.file}:${e.location.line})` : ""}`);
    return { code: undefined, bytes: 0, gzipBytes: 0, builtins, errors, metafile: undefined };
  }
}

/** `123.4 KB` */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
