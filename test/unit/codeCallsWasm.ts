// The grammars from node_modules, as src/codeCalls/grammarFiles.json names them (the bundle
// copies the same files into dist/grammars/).
import path from "node:path";
import grammarFiles from "../../src/codeCalls/grammarFiles.json";
import type { WasmLocator } from "../../src/codeCalls";

const files: Record<string, string> = grammarFiles;

export const nodeModulesWasm: WasmLocator = (file) => {
    const inPackage = files[file];
    if (!inPackage) throw new Error(`no grammar file ${file} in src/codeCalls/grammarFiles.json`);
    return require.resolve(inPackage, { paths: [path.resolve(__dirname, "../../..")] });
};
