// How the generated Python is written: TypedDicts, aliases, comments and docstrings wrapped to the line length the
// package keeps (110), long Literals and unions one member a line.

export const header = (what: string) => `"""${what}.

Generated from Rampart's OpenAPI document by \`npm run python:generate\`; do not edit:
test/integration/python-generated.test.ts fails when this file differs from what the document generates.
"""
`;

const PY_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);
const isIdentifier = (s: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) && !PY_KEYWORDS.has(s);
/** A Python literal of a JSON value (strings as JSON writes them: Python reads the same escapes). */
export const pyLiteral = (v: unknown): string => (v === null ? 'None' : v === true ? 'True' : v === false ? 'False' : JSON.stringify(v));

export interface Field {
  key: string;
  type: string;
  required: boolean;
  doc: string | undefined;
}
/** One definition of the module: a TypedDict, or an alias of a type expression. */
export type Def = { name: string; deps: Set<string>; doc: string | undefined } & ({ kind: 'typeddict'; fields: Field[] } | { kind: 'alias'; type: string });

/** Wraps a long type's Literal members onto lines of their own, indented under the line that opens it. */
function wrapLiterals(type: string, indent: string, room: number): string {
  if (type.length <= room) return type;
  // A member is a JSON-quoted string (which may hold `, ` or `]`) or a bare literal.
  return type.replace(/Literal\[((?:"(?:[^"\\]|\\.)*"|[^\]"])*)\]/g, (whole, inner: string) => {
    if (whole.length <= 40) return whole;
    const lines: string[] = [];
    let line = '';
    for (const member of inner.match(/"(?:[^"\\]|\\.)*"|[^,\s]+/g) ?? []) {
      if (line && line.length + member.length + 2 > 100 - indent.length - 4) {
        lines.push(line);
        line = '';
      }
      line += `${member}, `;
    }
    lines.push(line);
    return `Literal[\n${lines.map((l) => `${indent}    ${l.trimEnd()}`).join('\n')}\n${indent}]`;
  });
}

function comment(text: string, indent: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + w.length + 1 > 110 - indent.length - 2) {
      lines.push(line);
      line = '';
    }
    line += line ? ` ${w}` : w;
  }
  lines.push(line);
  return lines.map((l) => `${indent}# ${l}\n`).join('');
}

function docstring(text: string | undefined, indent: string): string {
  if (!text) return '';
  const safe = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
  // Wrapped as a comment three characters further in, for the opening quotes.
  const prefix = `${indent}   # `;
  const lines = comment(safe, `${indent}   `).split('\n').filter((l) => l !== '').map((l) => l.slice(prefix.length));
  if (lines.length === 1 && lines[0]!.length + indent.length + 6 <= 110) return `${indent}"""${lines[0]}"""\n`;
  return `${indent}"""${lines.map((l, i) => (i === 0 ? l : `${indent}${l}`)).join('\n')}\n${indent}"""\n`;
}

/** The members of a union at its top level (not those inside brackets). */
function topLevelMembers(type: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    if (type[i] === '[') depth++;
    else if (type[i] === ']') depth--;
    else if (depth === 0 && type.startsWith(' | ', i)) {
      out.push(type.slice(start, i));
      start = i + 3;
    }
  }
  return [...out, type.slice(start)];
}

function renderAlias(def: Def & { kind: 'alias' }): string {
  const doc = def.doc ? comment(def.doc, '') : '';
  const members = topLevelMembers(def.type);
  // A long union: one member a line, in parentheses.
  if (`${def.name}: TypeAlias = ${def.type}`.length > 110 && members.length > 1) return `${doc}${def.name}: TypeAlias = (\n    ${members.join('\n    | ')}\n)\n`;
  return `${doc}${def.name}: TypeAlias = ${wrapLiterals(def.type, '', 100 - def.name.length - 14)}\n`;
}

export function render(def: Def): string {
  if (def.kind === 'alias') return renderAlias(def);
  const field = (f: Field) => (f.required ? f.type : `NotRequired[${f.type}]`);
  if (def.fields.every((f) => isIdentifier(f.key))) {
    const body = def.fields.map((f) => `${f.doc ? comment(f.doc, '    ') : ''}    ${f.key}: ${wrapLiterals(field(f), '    ', 100 - f.key.length - 6)}\n`).join('');
    return `class ${def.name}(TypedDict):\n${docstring(def.doc, '    ')}${body}`;
  }
  // A key Python cannot name in a class body (`from`): the functional form, which takes any string.
  const body = def.fields.map((f) => `${f.doc ? comment(f.doc, '        ') : ''}        ${JSON.stringify(f.key)}: ${wrapLiterals(field(f), '        ', 100 - f.key.length - 12)},\n`).join('');
  return `${def.doc ? comment(def.doc, '') : ''}${def.name} = TypedDict(\n    ${JSON.stringify(def.name)},\n    {\n${body}    },\n)\n`;
}
