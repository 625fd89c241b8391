import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The paths of fields a handler returned (`sent`) that its reply schema dropped (`kept`): a shape the
// OpenAPI description does not show.
export function droppedFields(sent: Json | undefined, kept: Json | undefined, path = 'reply'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, index) => droppedFields(item, kept[index], `${path}[${index}]`));
  if (isObject(sent) && isObject(kept)) {
    return Object.entries(sent).flatMap(([key, value]) =>
      key in kept ? droppedFields(value, kept[key], `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  return [];
}

export class ReplyShapeError extends Error {
  override name = 'ReplyShapeError';
}

// Serializes a reply through its schema (which keeps private fields out). When strict (the test suites),
// a field the handler returned but the schema lacks is an error instead of being dropped silently, so
// the replies and the OpenAPI description built from the same schemas can never drift apart.
export function serializeReply(
  schema: z.ZodType,
  data: unknown,
  options: { isStrict: boolean; route: string },
): string {
  const json = JSON.stringify(schema.parse(data));
  if (options.isStrict) checkNothingDropped(data, json, options.route);
  return json;
}

function checkNothingDropped(data: unknown, json: string, route: string) {
  const dropped = droppedFields(JSON.parse(JSON.stringify(data) ?? 'null') as Json, JSON.parse(json) as Json);
  if (dropped.length > 0)
    throw new ReplyShapeError(`${route} replies with fields its schema lacks: ${dropped.join(', ')}`);
}

export function replySerializerCompiler(options: {
  isStrict: boolean;
}): ReturnType<typeof createSerializerCompiler> {
  const compile = createSerializerCompiler({});
  return (route) => {
    const serialize = compile(route);
    if (!options.isStrict) return serialize;
    return (data) => {
      const json = serialize(data);
      checkNothingDropped(data, json, `${route.method} ${route.url}`);
      return json;
    };
  };
}
