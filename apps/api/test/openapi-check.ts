// Checks a reply body against the schema the OpenAPI description (/api/docs/json) gives for it, the way a
// generated client reads it: every field the reply has must be described, with its type.

type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function schemaProblems(schema: Schema, value: unknown, path = 'body'): string[] {
  if (value === null && schema.nullable) return [];
  for (const combined of [schema.anyOf, schema.oneOf]) {
    if (combined) {
      return combined.some((option) => schemaProblems(option, value, path).length === 0)
        ? []
        : [`${path}: matches none of its schemas`];
    }
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => schemaProblems(part, value, path));
  const actual = typeOf(value);
  if (schema.type && schema.type !== actual && !(schema.type === 'number' && actual === 'integer')) {
    return [`${path}: is ${actual}, described as ${schema.type}${schema.nullable ? ' or null' : ''}`];
  }
  if (schema.enum && !schema.enum.includes(value))
    return [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  if (actual === 'array' && schema.items) {
    const items = schema.items;
    return (value as unknown[]).flatMap((item, index) => schemaProblems(items, item, `${path}[${index}]`));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    const missing = (schema.required ?? [])
      .filter((key) => !(key in object))
      .map((key) => `${path}.${key}: required, missing`);
    const fields = Object.entries(object).flatMap(([key, field]) => {
      const described = properties[key];
      return described
        ? schemaProblems(described, field, `${path}.${key}`)
        : [`${path}.${key}: not in the OpenAPI description`];
    });
    return [...missing, ...fields];
  }
  return [];
}

// The problems of one reply against the description of its route and status.
export function replyProblems(
  document: OpenApiDocument,
  method: string,
  path: string,
  status: number,
  body: unknown,
): string[] {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path}: not in the OpenAPI description`];
  const schema = operation.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return [`${method} ${path}: no schema for status ${status}`];
  return schemaProblems(schema, body);
}
