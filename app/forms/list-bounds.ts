import type { $ZodType } from "zod/v4/core";

/**
 * The largest number of items of each list of a form's zod schema, by the
 * list's field path with `[]` for the indices of enclosing lists: for
 * `{ periods: z.array(...).check(z.maxLength(50)) }`, `periods` → 50; for a
 * list nested in list rows, `members[].publications` → its own max. Lists
 * without a max are not listed.
 */
export type ListBounds = ReadonlyMap<string, number>;

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  checks?: { _zod: { def: { check?: string; maximum?: number } } }[];
};

const cache = new WeakMap<$ZodType, ListBounds>();

export function listBounds(schema: $ZodType): ListBounds {
  let bounds = cache.get(schema);
  if (!bounds) {
    const found = new Map<string, number>();
    walk(schema, "", found, 0);
    cache.set(schema, (bounds = found));
  }
  return bounds;
}

function walk(schema: $ZodType, path: string, found: Map<string, number>, depth: number) {
  // Schemas are trees of modest depth; a lazy (recursive) schema is not followed.
  if (depth > 32) return;
  const def = schema._zod.def as Def;
  const next = (s: $ZodType | undefined, p = path) => s && walk(s, p, found, depth + 1);
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape ?? {})) next(field, path ? `${path}.${key}` : key);
      break;
    case "array": {
      // `.max(n)` and zod/mini's `.check(z.maxLength(n))` alike; the tightest applies.
      const maxima = (def.checks ?? []).flatMap((c) => (c._zod.def.check === "max_length" && typeof c._zod.def.maximum === "number" ? [c._zod.def.maximum] : []));
      const max = maxima.length ? Math.min(...maxima) : undefined;
      // Several schemas for one path (unions): the loosest bound holds.
      if (typeof max === "number") found.set(path, Math.max(max, found.get(path) ?? 0));
      next(def.element, `${path}[]`);
      break;
    }
    case "pipe":
      next(def.in);
      next(def.out);
      break;
    case "union":
      for (const option of def.options ?? []) next(option);
      break;
    case "intersection":
      next(def.left);
      next(def.right);
      break;
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional…
      next(def.innerType);
  }
}
