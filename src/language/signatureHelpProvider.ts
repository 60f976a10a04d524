/**
 * Signature help for HogQL calls: the call shape, the argument under the cursor, and PostHog's
 * argument counts from the generated catalogue (functionCatalogue.ts). Works on unfinished text:
 * the call is found by scanning (callContext.ts), not by parsing.
 */
import * as vscode from "vscode";
import { callAt, parameterGroups } from "./callContext";
import { catalogueFacts, findFunction, signatureFor } from "./hogqlCatalog";

export class HogQLSignatureHelpProvider implements vscode.SignatureHelpProvider {
    provideSignatureHelp(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): vscode.SignatureHelp | undefined {
        const call = callAt(document.getText(), document.offsetAt(position));
        if (!call) return undefined;
        const fn = findFunction(call.name);
        if (!fn) return undefined;
        const label = signatureFor(fn);
        const signature = new vscode.SignatureInformation(
            label,
            new vscode.MarkdownString(`${fn.description}\n\n${catalogueFacts(fn)}`),
        );
        const groups = parameterGroups(label);
        // A parametric call, `quantile(0.5)(x)`: its first parentheses hold the parameters.
        const group = groups.length > 1 && call.group === "second" ? groups[1] : groups[0];
        signature.parameters = group.map((range) => new vscode.ParameterInformation(range));
        const help = new vscode.SignatureHelp();
        help.signatures = [signature];
        help.activeSignature = 0;
        help.activeParameter = Math.min(call.argument, Math.max(group.length - 1, 0));
        return help;
    }
}
