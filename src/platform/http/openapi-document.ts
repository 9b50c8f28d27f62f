/**
 * Last touches to the generated OpenAPI 3.0 document, where what zod's JSON Schema says is right but not
 * valid OpenAPI 3.0:
 * - `nullable` must sit beside a `type`: `{ anyOf: [number, string], nullable: true }` becomes
 *   `{ anyOf: [{ number, nullable }, { string, nullable }] }`, which accepts exactly the same values;
 * - an `anyOf` of one schema is that schema;
 * - a nullable `enum` lists `null` among its values (OpenAPI 3.0.3: `nullable` does not widen an `enum`).
 */
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function tidySchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidySchema(item);
    return;
  }
  if (!isNode(node)) return;
  for (const value of Object.values(node)) tidySchema(value);
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];

  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (!Array.isArray(members)) continue;
    if (node.nullable === true && node.type === undefined && members.every((m) => isNode(m) && m.type)) {
      for (const member of members as Node[]) member.nullable = true;
      delete node.nullable;
    }
    if (members.length === 1 && isNode(members[0])) {
      const [only] = members as Node[];
      delete node[key];
      for (const [k, v] of Object.entries(only!)) if (!(k in node)) node[k] = v;
    }
  }
}

export function finishOpenApiDocument<T extends { paths?: unknown; components?: unknown }>(document: T): T {
  tidySchema(document.paths);
  tidySchema(document.components);
  return document;
}
