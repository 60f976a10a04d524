import * as esbuild from "esbuild";
import fs from "node:fs"; import path from "node:path";
const r = await esbuild.build({ entryPoints: {extension:"src/extension.ts"}, bundle:true, minify:true, platform:"node", format:"cjs", target:"node20", external:["vscode"], outdir:"/tmp/i46meta", metafile:true, write:true, logLevel:"error",
 alias: {"jsonc-parser": "jsonc-parser/lib/esm/main.js","web-tree-sitter": path.resolve("node_modules/web-tree-sitter/tree-sitter.cjs")}});
const out = Object.values(r.metafile.outputs).find(o=>o.entryPoint);
const ins = Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput);
console.log("total", out.bytes);
const byDir = {};
for (const [f,i] of ins) { const d = f.startsWith("node_modules")? f.split("/").slice(0, f.split("/")[1].startsWith("@")?3:2).join("/") : path.dirname(f); byDir[d]=(byDir[d]??0)+i.bytesInOutput; }
for (const [d,b] of Object.entries(byDir).sort((a,b)=>b[1]-a[1]).slice(0,40)) console.log(b, d);
console.log("---");
for (const [f,i] of ins.slice(0,80)) console.log(i.bytesInOutput, f);
fs.writeFileSync("/tmp/i46meta/meta.json", JSON.stringify(r.metafile));
