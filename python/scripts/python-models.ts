// The Python SDK's types come from the same OpenAPI document as the TypeScript SDK's (sdk/scripts/openapi-types.ts
// builds it from the sources): every schema becomes a TypedDict (the JSON as the API sends it: decimals stay
// strings), every enum a Literal, and each operation a row of the table the client calls it by. `npm run
// python:generate` writes the files; test/integration/python-generated.test.ts fails when a committed one differs.
// A construct the mapping does not know stops the generator with its name rather than guessing a type.
import { resolve } from 'node:path';
import { header, pyLiteral, render, type Def } from './python-render.js';

const dir = resolve(import.meta.dirname, '../rampart/_generated');
export const MODELS_FILE = resolve(dir, 'models.py');
export const OPERATIONS_FILE = resolve(dir, 'operations.py');

type Schema = { readonly [k: string]: unknown };
export type Document = Schema;

/** Keys a schema may carry that say nothing about the Python type (validation and documentation only). */
const IGNORED = new Set([
  'description', 'examples', 'example', 'pattern', 'maxLength', 'minLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'format', 'default', 'title', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'multipleOf', 'deprecated',
  'discriminator', 'x-future-time', 'x-error-codes', 'readOnly', 'writeOnly',
]);

const obj = (v: unknown): Schema => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Schema) : {});
const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());

/** Turns schemas into definitions; inline objects become TypedDicts named after where they sit (`OrderReject`). */
class Mapper {
  readonly defs = new Map<string, Def>();
  constructor(private readonly components: Schema) {}

  /** The Python type of a schema; `name` names it if it is an object that needs a definition of its own. */
  type(schema: Schema, name: string, deps: Set<string>): string {
    const unknown = Object.keys(schema).filter((k) => !IGNORED.has(k) && !['type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'items', 'properties', 'required', 'additionalProperties'].includes(k));
    if (unknown.length > 0) throw new Error(`python:generate: ${name} uses ${unknown.join(', ')}, which the Python mapping does not know`);
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref.replace('#/components/schemas/', '');
      if (ref === schema.$ref || !(ref in this.components)) throw new Error(`python:generate: ${name} refers to ${schema.$ref}`);
      deps.add(ref);
      return ref;
    }
    const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (members) return union(members.map((m, i) => this.type(m, members.length === 2 && nullable(members) ? name : `${name}${i + 1}`, deps)));
    if (Array.isArray(schema.enum)) return `Literal[${schema.enum.map(pyLiteral).join(', ')}]`;
    if ('const' in schema) return `Literal[${pyLiteral(schema.const)}]`;
    if (Array.isArray(schema.type)) return union(schema.type.map((t) => this.type({ ...schema, type: t }, name, deps)));
    switch (schema.type) {
      case undefined:
        if (Object.keys(schema).every((k) => IGNORED.has(k))) return 'Any';
        throw new Error(`python:generate: ${name} has no type`);
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `list[${schema.items === undefined ? 'Any' : this.type(obj(schema.items), `${name}Item`, deps)}]`;
      case 'object':
        return this.object(schema, name, deps);
      default:
        throw new Error(`python:generate: ${name} has type ${String(schema.type)}`);
    }
  }

  private object(schema: Schema, name: string, deps: Set<string>): string {
    const properties = obj(schema.properties);
    if (Object.keys(properties).length === 0) {
      const extra = schema.additionalProperties;
      if (typeof extra === 'object' && extra !== null && Object.keys(extra).length > 0) return `dict[str, ${this.type(obj(extra), `${name}Value`, deps)}]`;
      return 'dict[str, Any]';
    }
    this.define(name, schema);
    deps.add(name);
    return name;
  }

  /** Defines `name` as the TypedDict of an object schema, or as an alias of any other schema. */
  define(name: string, schema: Schema): void {
    if (this.defs.has(name)) throw new Error(`python:generate: two definitions are named ${name}`);
    const deps = new Set<string>();
    const doc = typeof schema.description === 'string' ? schema.description : undefined;
    const properties = obj(schema.properties);
    if (schema.type !== 'object' || Object.keys(properties).length === 0) {
      this.defs.set(name, { name, deps, doc, kind: 'alias', type: '' });
      const def = this.defs.get(name) as Def & { kind: 'alias' };
      def.type = this.type(schema, `${name}Value`, deps);
      return;
    }
    const required = new Set((schema.required ?? []) as string[]);
    const def: Def = { name, deps, doc, kind: 'typeddict', fields: [] };
    this.defs.set(name, def);
    for (const [key, value] of Object.entries(properties)) {
      const s = obj(value);
      def.fields.push({ key, type: this.type(s, `${name}${pascal(key)}`, deps), required: required.has(key), doc: describe(s) });
    }
  }
}

function nullable(members: Schema[]): boolean {
  return members.some((m) => m.type === 'null');
}

/** `A | B`, with None last and each member once. */
function union(types: string[]): string {
  const unique = [...new Set(types)];
  const some = unique.filter((t) => t !== 'None');
  return [...some, ...(some.length < unique.length ? ['None'] : [])].join(' | ');
}

/** A schema's description, or the one on its non-null member (`anyOf: [{…, description}, {type: null}]`). */
function describe(s: Schema): string | undefined {
  if (typeof s.description === 'string') return s.description;
  const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  return members?.map((m) => m.description).find((d): d is string => typeof d === 'string');
}

/** The definitions in an order Python can evaluate: each after everything it names (the schemas have no cycles). */
function ordered(defs: Map<string, Def>): Def[] {
  const out: Def[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, from: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`python:generate: ${from} and ${name} refer to each other, which the Python mapping does not support`);
    state.set(name, 'visiting');
    const def = defs.get(name)!;
    for (const dep of def.deps) if (dep !== name) visit(dep, name);
    state.set(name, 'done');
    out.push(def);
  };
  for (const name of defs.keys()) visit(name, name);
  return out;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];

export interface PythonOperation {
  operationId: string;
  method: string;
  path: string;
  idempotencyKey: boolean;
  body: string | null;
  result: string | null;
  query: string | null;
}

/** The operations in document order, with the names of their body, answer and query types; defines those that are inline. */
function operations(doc: Document, mapper: Mapper): PythonOperation[] {
  const out: PythonOperation[] = [];
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method]);
      if (typeof op.operationId !== 'string') continue;
      const id = op.operationId;
      const params = (op.parameters ?? []) as Schema[];
      const idempotencyKey = params.some((p) => p.name === 'Idempotency-Key' || p.$ref === '#/components/parameters/IdempotencyKey');
      const named = (schema: Schema | undefined, suffix: string): string | null => {
        if (!schema || Object.keys(schema).length === 0) return null;
        if (typeof schema.$ref === 'string') return mapper.type(schema, id, new Set());
        mapper.define(`${pascal(id)}${suffix}`, schema);
        return `${pascal(id)}${suffix}`;
      };
      const json = (content: unknown) => obj(obj(obj(content)['application/json']).schema);
      const body = named(json(obj(op.requestBody).content), 'Body');
      const success = Object.entries(obj(op.responses)).find(([status]) => /^2\d\d$/.test(status));
      const result = named(success ? json(obj(success[1]).content) : undefined, 'Result');
      const query = params.filter((p) => p.in === 'query');
      let queryName: string | null = null;
      if (query.length > 0) {
        queryName = `${pascal(id)}Query`;
        const properties = Object.fromEntries(query.map((p) => [p.name as string, { ...obj(p.schema), ...(typeof p.description === 'string' ? { description: p.description } : {}) }]));
        const required = query.filter((p) => p.required === true).map((p) => p.name as string);
        mapper.define(queryName, { type: 'object', description: `The query parameters of ${id}.`, properties, required });
      }
      out.push({ operationId: id, method: method.toUpperCase(), path, idempotencyKey, body, result, query: queryName });
    }
  }
  return out;
}

/** Everything the two files hold, from one walk of the document. */
export function pythonModule(doc: Document): { models: string; operations: string; ops: PythonOperation[] } {
  const components = obj(obj(doc.components).schemas);
  const mapper = new Mapper(components);
  for (const [name, schema] of Object.entries(components)) mapper.define(name, obj(schema));
  const ops = operations(doc, mapper);
  const error = obj(obj(obj(obj(components.Error).properties).error).properties);
  const codes = obj(error.code).enum as string[] | undefined;
  const types = obj(error.type).enum as string[] | undefined;
  if (!codes || !types) throw new Error('python:generate: the Error schema has no code or type enum');

  const models =
    header("Types of Rampart's API: every schema of the document as a TypedDict, every enum as a Literal") +
    '\n' +
    'from typing import Any, Literal, NotRequired, TypeAlias, TypedDict\n\n' +
    ordered(mapper.defs).map((d) => `\n${render(d)}`).join('\n') +
    '\n\n' +
    render({ name: 'ErrorCode', kind: 'alias', deps: new Set(), doc: "Every code of Rampart's catalogue of errors.", type: `Literal[${codes.map(pyLiteral).join(', ')}]` }) +
    '\n' +
    render({ name: 'ErrorType', kind: 'alias', deps: new Set(), doc: 'Every `type` of an error: each has its error class.', type: `Literal[${types.map(pyLiteral).join(', ')}]` }) +
    // The document's names only (not typing's), for `from rampart.types import *` and for editors.
    `\n__all__ = [\n${[...mapper.defs.keys(), 'ErrorCode', 'ErrorType'].sort().map((n) => `    ${JSON.stringify(n)},\n`).join('')}]\n`;

  const row = (o: PythonOperation) => {
    const args = [o.method, o.path, o.idempotencyKey, o.body, o.result, o.query].map(pyLiteral);
    const line = `    ${JSON.stringify(o.operationId)}: Operation(${args.join(', ')}),`;
    if (line.length <= 110) return `${line}\n`;
    const inner = `        ${args.join(', ')}`;
    return `    ${JSON.stringify(o.operationId)}: Operation(\n${inner.length <= 110 ? inner : args.map((a) => `        ${a}`).join(',\n')}\n    ),\n`;
  };
  const operationsText =
    header('How each operation is called') +
    '\n' +
    'from typing import NamedTuple\n\n\n' +
    'class Operation(NamedTuple):\n' +
    '    method: str\n' +
    '    path: str\n' +
    '    # The document takes an Idempotency-Key on it: the client sends one, the same on every retry.\n' +
    '    idempotency_key: bool\n' +
    '    # The names, in models.py, of its JSON body, its answer and its query parameters (None: it has none).\n' +
    '    body: str | None\n' +
    '    result: str | None\n' +
    '    query: str | None\n\n\n' +
    'OPERATIONS: dict[str, Operation] = {\n' +
    ops.map(row).join('') +
    '}\n';
  return { models, operations: operationsText, ops };
}
