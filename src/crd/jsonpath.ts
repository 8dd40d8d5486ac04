// The JSONPath dialect of kubectl and client-go (k8s.io/client-go/util/jsonpath), as far as
// additionalPrinterColumns use it: fields, recursive descent, indexes, slices, wildcards,
// quoted keys and filters. Missing keys yield no result (AllowMissingKeys).

type Step =
  | { t: 'field'; name: string }
  | { t: 'recursive'; name: string | '*' }
  | { t: 'wildcard' }
  | { t: 'index'; start?: number; end?: number; step?: number; single: boolean }
  | { t: 'keys'; names: string[] }
  | { t: 'filter'; left: Step[]; op?: string; right?: unknown; rightPath?: Step[] };

export class JsonPathError extends Error {}

/** Parse a path like `.status.conditions[?(@.type=="Ready")].status` (with or without `{}`). */
export function parseJsonPath(expr: string): Step[] {
  let s = expr.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1).trim();
  if (s.startsWith('$')) s = s.slice(1);
  const p = new Parser(s);
  const steps = p.steps(() => p.done());
  return steps;
}

class Parser {
  i = 0;
  constructor(readonly s: string) {}
  done(): boolean {
    return this.i >= this.s.length;
  }
  peek(n = 0): string {
    return this.s[this.i + n] ?? '';
  }
  ident(): string {
    const start = this.i;
    while (this.i < this.s.length && /[A-Za-z0-9_\-/]/.test(this.s[this.i]!)) this.i++;
    return this.s.slice(start, this.i);
  }
  steps(stop: () => boolean): Step[] {
    const out: Step[] = [];
    while (!stop()) {
      const c = this.peek();
      if (c === '.') {
        if (this.peek(1) === '.') {
          this.i += 2;
          if (this.peek() === '*') {
            this.i++;
            out.push({ t: 'recursive', name: '*' });
          } else {
            const name = this.ident();
            if (!name) throw new JsonPathError(`unrecognized identifier in ${this.s}`);
            out.push({ t: 'recursive', name });
          }
          continue;
        }
        this.i++;
        if (this.peek() === '*') {
          this.i++;
          out.push({ t: 'wildcard' });
          continue;
        }
        if (this.peek() === '[' || this.done()) continue; // ".[0]" and a trailing "." are tolerated
        const name = this.ident();
        if (!name) throw new JsonPathError(`invalid character ${JSON.stringify(this.peek())} in ${this.s}`);
        out.push({ t: 'field', name });
        continue;
      }
      if (c === '[') {
        out.push(this.bracket());
        continue;
      }
      if (/[A-Za-z_]/.test(c) && out.length === 0) {
        out.push({ t: 'field', name: this.ident() });
        continue;
      }
      throw new JsonPathError(`unrecognized character in action: ${JSON.stringify(c)}`);
    }
    return out;
  }
  bracket(): Step {
    this.i++; // [
    const close = () => {
      while (this.peek() === ' ') this.i++;
      if (this.peek() !== ']') throw new JsonPathError(`unterminated array in ${this.s}`);
      this.i++;
    };
    if (this.peek() === '?') {
      this.i++;
      if (this.peek() !== '(') throw new JsonPathError(`unrecognized filter in ${this.s}`);
      this.i++;
      const step = this.filter();
      if (this.peek() !== ')') throw new JsonPathError(`unterminated filter in ${this.s}`);
      this.i++;
      close();
      return step;
    }
    if (this.peek() === '*') {
      this.i++;
      close();
      return { t: 'wildcard' };
    }
    if (this.peek() === "'" || this.peek() === '"') {
      const names: string[] = [];
      for (;;) {
        names.push(this.quoted());
        while (this.peek() === ' ') this.i++;
        if (this.peek() === ',') {
          this.i++;
          while (this.peek() === ' ') this.i++;
          continue;
        }
        break;
      }
      close();
      return { t: 'keys', names };
    }
    const start = this.i;
    while (this.i < this.s.length && this.s[this.i] !== ']') this.i++;
    const body = this.s.slice(start, this.i).trim();
    close();
    const parts = body.split(':').map((x) => x.trim());
    const num = (x: string | undefined): number | undefined => {
      if (x === undefined || x === '') return undefined;
      if (!/^-?\d+$/.test(x)) throw new JsonPathError(`invalid array index ${x}`);
      return Number(x);
    };
    if (parts.length === 1) return { t: 'index', start: num(parts[0]), single: true };
    return { t: 'index', start: num(parts[0]), end: num(parts[1]), step: num(parts[2]), single: false };
  }
  quoted(): string {
    const q = this.peek();
    this.i++;
    let out = '';
    while (this.i < this.s.length && this.s[this.i] !== q) {
      if (this.s[this.i] === '\\' && this.i + 1 < this.s.length) this.i++;
      out += this.s[this.i];
      this.i++;
    }
    if (this.peek() !== q) throw new JsonPathError(`unterminated quoted string in ${this.s}`);
    this.i++;
    return out;
  }
  filter(): Step {
    const skip = () => {
      while (this.peek() === ' ') this.i++;
    };
    skip();
    const operand = (): { path?: Step[]; value?: unknown } => {
      skip();
      if (this.peek() === '@') {
        this.i++;
        return { path: this.steps(() => this.done() || /[\s)=!<>]/.test(this.peek())) };
      }
      if (this.peek() === "'" || this.peek() === '"') return { value: this.quoted() };
      const start = this.i;
      while (this.i < this.s.length && !/[\s)]/.test(this.s[this.i]!)) this.i++;
      const lit = this.s.slice(start, this.i);
      if (lit === 'true' || lit === 'false') return { value: lit === 'true' };
      if (lit !== '' && !Number.isNaN(Number(lit))) return { value: Number(lit) };
      throw new JsonPathError(`unrecognized filter operand ${lit}`);
    };
    const left = operand();
    skip();
    let op: string | undefined;
    const m = /^(==|!=|<=|>=|<|>)/.exec(this.s.slice(this.i));
    if (m) {
      op = m[1];
      this.i += op!.length;
    }
    const right = op ? operand() : undefined;
    skip();
    return { t: 'filter', left: left.path ?? [], op, right: right?.value, rightPath: right?.path };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function descend(v: unknown, out: unknown[], name: string | '*'): void {
  if (Array.isArray(v)) {
    for (const x of v) {
      if (name === '*') out.push(x);
      descend(x, out, name);
    }
  } else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (name === '*' || k === name) out.push(x);
      descend(x, out, name);
    }
  }
}

function apply(values: unknown[], step: Step): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    switch (step.t) {
      case 'field':
        if (isObject(v) && Object.hasOwn(v, step.name)) out.push(v[step.name]);
        break;
      case 'keys':
        if (isObject(v)) for (const n of step.names) if (Object.hasOwn(v, n)) out.push(v[n]);
        break;
      case 'wildcard':
        if (Array.isArray(v)) out.push(...v);
        else if (isObject(v)) for (const k of Object.keys(v).sort()) out.push(v[k]);
        break;
      case 'recursive':
        descend(v, out, step.name);
        break;
      case 'index': {
        if (!Array.isArray(v)) break;
        const len = v.length;
        if (step.single) {
          let i = step.start ?? 0;
          if (i < 0) i += len;
          if (i >= 0 && i < len) out.push(v[i]);
          break;
        }
        let start = step.start ?? 0;
        let end = step.end ?? len;
        if (start < 0) start += len;
        if (end < 0) end += len;
        start = Math.max(0, Math.min(start, len));
        end = Math.max(0, Math.min(end, len));
        const inc = step.step && step.step > 0 ? step.step : 1;
        for (let i = start; i < end; i += inc) out.push(v[i]);
        break;
      }
      case 'filter': {
        const items = Array.isArray(v) ? v : isObject(v) ? Object.values(v) : [];
        for (const item of items) if (filterMatches(item, step)) out.push(item);
        break;
      }
    }
  }
  return out;
}

function filterMatches(item: unknown, f: Extract<Step, { t: 'filter' }>): boolean {
  const left = evaluate(item, f.left);
  if (!f.op) return left.length > 0;
  if (left.length === 0) return false;
  const l = left[0];
  const r = f.rightPath ? evaluate(item, f.rightPath)[0] : f.right;
  switch (f.op) {
    case '==':
      return l === r || (typeof l === 'number' && typeof r === 'string' && String(l) === r);
    case '!=':
      return !(l === r);
    case '<':
      return typeof l === 'number' && typeof r === 'number' && l < r;
    case '>':
      return typeof l === 'number' && typeof r === 'number' && l > r;
    case '<=':
      return typeof l === 'number' && typeof r === 'number' && l <= r;
    case '>=':
      return typeof l === 'number' && typeof r === 'number' && l >= r;
  }
  return false;
}

/** Every value the path selects in `root` (document order). */
export function evaluate(root: unknown, steps: Step[]): unknown[] {
  let values: unknown[] = [root];
  for (const step of steps) {
    values = apply(values, step);
    if (values.length === 0) break;
  }
  return values;
}

export type JsonPath = Step[];

/** The dot-separated fields of a simple path like `.spec.replicas` (no array notation); undefined when not simple. */
export function simplePathFields(path: string): string[] | undefined {
  if (!path.startsWith('.')) return undefined;
  if (path === '.') return [];
  const parts = path.slice(1).split('.');
  if (parts.some((p) => p === '' || /[[\]]/.test(p))) return undefined;
  return parts;
}

export function getAt(obj: unknown, fields: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const f of fields) {
    if (!isObject(cur)) return undefined;
    cur = cur[f];
  }
  return cur;
}

export function setAt(obj: Record<string, unknown>, fields: readonly string[], value: unknown): void {
  let cur: Record<string, unknown> = obj;
  for (let i = 0; i < fields.length - 1; i++) {
    const f = fields[i]!;
    if (!isObject(cur[f])) cur[f] = {};
    cur = cur[f] as Record<string, unknown>;
  }
  cur[fields[fields.length - 1]!] = value;
}
