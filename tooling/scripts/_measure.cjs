const esbuild = require("esbuild");
(async () => {
const r = await esbuild.build({ entryPoints: [process.argv[2]], bundle: true, minify: true, format: "esm", platform: process.argv[3] ?? "node", write: false, metafile: true, logLevel: "silent", absWorkingDir: process.cwd() });
const out = r.outputFiles[0].contents.length;
const ins = Object.entries(r.metafile.outputs[Object.keys(r.metafile.outputs)[0]].inputs);
const by = {}; for (const [f, v] of ins) { const m = f.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/); const k = m ? m[1] : f.split("/").slice(0,2).join("/"); by[k] = (by[k]||0) + v.bytesInOutput; }
console.log(out, require("zlib").gzipSync(r.outputFiles[0].contents).length, by);
})().catch(e => console.log("FAIL", e.errors?.slice(0,3).map(x=>x.text)));
