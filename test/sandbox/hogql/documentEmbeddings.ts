// document_embeddings, the lazy table of posthog/hogql/database/schema/document_embeddings.py
// @0374971e (DocumentEmbeddingsTable): its lazy_select reads the table of the one embedding model
// the query's WHERE names (HOGQL_EMBEDDING_TABLES, one per model of indexed_embedding.py, which
// the sandbox serves from the generated schema) and gives model_name as a constant.
import { type Field, type TableDef, findTable } from "./database";
import { escapeString } from "./escape";
import type { AstNode } from "./parser";

export const DOCUMENT_EMBEDDINGS = "document_embeddings";

/** A lazy table's own refusal: PostHog's ValueError, which its API answers with a 500. */
export class InvalidModelError extends Error {}

const unwrapAlias = (node: AstNode): AstNode =>
    node.node === "Alias" ? unwrapAlias(node.expr) : node;

/** get_field_val_pair: `field = 'value'` or `equals(field, 'value')`, either way round. */
function fieldValuePair(node: AstNode): [AstNode, AstNode] | null {
    let pair: [AstNode, AstNode] | null = null;
    if (node.node === "CompareOperation" && node.op === "==")
        pair = [unwrapAlias(node.left), unwrapAlias(node.right)];
    else if (node.node === "Call" && node.name === "equals" && node.args?.length === 2)
        pair = [unwrapAlias(node.args[0]), unwrapAlias(node.args[1])];
    if (!pair) return null;
    if (pair[0].node === "Constant" && pair[1].node === "Field") pair = [pair[1], pair[0]];
    return pair[0].node === "Field" && pair[1].node === "Constant" ? pair : null;
}

/** extract_model_name_from_where: the first `model_name = '...'`, looking inside ANDs. */
function modelNameOf(node: AstNode | null | undefined): unknown {
    if (!node) return null;
    if (node.node === "And")
        for (const expr of node.exprs as AstNode[]) {
            const found = modelNameOf(expr);
            if (found) return found;
        }
    const pair = fieldValuePair(node);
    if (!pair) return null;
    const chain = pair[0].chain as unknown[];
    return chain[chain.length - 1] === "model_name" ? pair[1].value : null;
}

/**
 * The table document_embeddings reads in a SELECT with this WHERE: the model's table with
 * model_name as a constant, its fields in DocumentEmbeddingsTable's order.
 */
export function documentEmbeddingsTable(where: AstNode | null | undefined): TableDef {
    const model = modelNameOf(where);
    // HOGQL_EMBEDDING_TABLES is keyed by the model's own name, whose hyphens its table's name
    // turns into underscores: a name with underscores names no model.
    const table =
        typeof model === "string" && !model.includes("_")
            ? findTable(`${DOCUMENT_EMBEDDINGS}_${model.replaceAll("-", "_")}`)
            : undefined;
    if (!table || typeof model !== "string")
        throw new InvalidModelError(
            `Invalid model name: ${model === null ? "None" : String(model)}`,
        );
    const fields: Record<string, Field> = {};
    for (const [name, field] of Object.entries(table.fields)) {
        fields[name] = field;
        if (name === "document_type")
            fields.model_name = { kind: "column", column: "model_name", type: "string" };
    }
    return {
        ...table,
        name: DOCUMENT_EMBEDDINGS,
        clickhouse: `(SELECT *, ${escapeString(model)} AS model_name FROM ${table.clickhouse})`,
        fields,
    };
}
