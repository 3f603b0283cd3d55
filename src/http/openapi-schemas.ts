/**
 * Turns the TypeBox schemas routes validate and serialize with into OpenAPI 3.1 schemas with named components.
 * The schemas themselves stay as they are (Fastify compiles them); the document gets a copy in which every shape
 * that is a named schema becomes a `$ref`, so code generators get an `Order`, a `Position`, … (one source: the
 * names point at the very TypeBox objects, compared by their canonical JSON).
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys: two schemas are the same shape when these are equal. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

const isStringConst = (v: unknown): v is { const: string } => isObject(v) && typeof v.const === 'string' && Object.keys(v).every((k) => k === 'const' || k === 'type');

/** The values a variant's discriminator property takes (a const or a union of consts). */
function discriminatorValues(variant: Json, property: string): string[] {
  const p = (variant.properties as Json | undefined)?.[property];
  if (!isObject(p)) return [];
  if (typeof p.const === 'string') return [p.const];
  if (Array.isArray(p.enum)) return p.enum.filter((x): x is string => typeof x === 'string');
  if (Array.isArray(p.anyOf)) return p.anyOf.flatMap((x) => (isStringConst(x) ? [x.const] : []));
  return [];
}

export class SchemaBook {
  /** components.schemas, in the order they were first used. */
  readonly components: Record<string, Json> = {};
  private readonly byShape = new Map<string, string>();
  private readonly raw = new Map<string, Json>();

  constructor(named: Record<string, unknown>) {
    for (const [name, schema] of Object.entries(named)) this.register(name, schema);
  }

  /** Names a shape; a shape already named keeps its first name (returned). */
  register(name: string, schema: unknown): string {
    const json = JSON.parse(JSON.stringify(schema)) as Json;
    const key = canonical(json);
    const known = this.byShape.get(key);
    if (known) return known;
    if (this.raw.has(name)) throw new Error(`two shapes named ${name}`);
    this.byShape.set(key, name);
    this.raw.set(name, json);
    return name;
  }

  nameOf(schema: unknown): string | undefined {
    return this.byShape.get(canonical(JSON.parse(JSON.stringify(schema))));
  }

  ref(name: string): Json {
    if (!this.components[name]) {
      const raw = this.raw.get(name);
      if (!raw) throw new Error(`no schema named ${name}`);
      this.components[name] = {}; // placed first: the order of the document follows first use
      this.components[name] = this.convert(raw, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** A route's schema as the document shows it: a ref when it is a named shape, else a converted copy. */
  use(schema: unknown): Json {
    const json = JSON.parse(JSON.stringify(schema)) as Json;
    return this.convert(json);
  }

  /** Top-down, so the largest named shape wins; `self` is the component being written (no ref to itself). */
  private convert(node: Json, self?: string): Json {
    const name = this.byShape.get(canonical(node));
    if (name && name !== self) return this.ref(name);
    const out: Json = { ...node };
    for (const k of SCHEMA_MAPS) {
      const m = node[k];
      if (isObject(m)) out[k] = Object.fromEntries(Object.entries(m).map(([p, s]) => [p, isObject(s) ? this.convert(s) : s]));
    }
    for (const k of SCHEMA_LISTS) {
      const l = node[k];
      if (Array.isArray(l)) out[k] = l.map((s) => (isObject(s) ? this.convert(s) : s));
    }
    for (const k of SCHEMA_ONE) {
      const s = node[k];
      if (isObject(s)) out[k] = this.convert(s);
    }
    return this.tidy(node, out);
  }

  /** Rewrites TypeBox's forms into what generators read best; each is the same set of values. */
  private tidy(raw: Json, out: Json): Json {
    // A union of string literals: an enum.
    const anyOf = raw.anyOf;
    if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isStringConst)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, type: 'string', enum: anyOf.map((c) => c.const) };
    }
    // One literal: an enum of one (TypeBox writes const).
    if (typeof raw.const === 'string' && raw.type === 'string') {
      const { const: value, ...rest } = out;
      return { ...rest, enum: [value] };
    }
    // Type.Record(String, X): additionalProperties X.
    const pp = out.patternProperties;
    if (isObject(pp) && Object.keys(pp).length === 1 && '^.*$' in pp && !('properties' in out)) {
      const { patternProperties: _drop, ...rest } = out;
      return { ...rest, additionalProperties: pp['^.*$'] };
    }
    // A union marked with a discriminator: oneOf with its mapping (the variants are named, so each is a ref).
    const disc = raw.discriminator;
    if (isObject(disc) && typeof disc.propertyName === 'string' && Array.isArray(raw.anyOf)) {
      const { anyOf: variants, ...rest } = out;
      const mapping: Record<string, string> = {};
      (raw.anyOf as Json[]).forEach((variant, i) => {
        const ref = ((variants as Json[])[i] as { $ref?: string }).$ref;
        if (!ref) throw new Error('a discriminated union needs named variants');
        for (const value of discriminatorValues(variant, disc.propertyName as string)) mapping[value] = ref;
      });
      return { ...rest, oneOf: variants, discriminator: { propertyName: disc.propertyName, mapping } };
    }
    return out;
  }
}
