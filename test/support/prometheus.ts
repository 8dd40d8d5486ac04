// A strict parser of the Prometheus text exposition format 0.0.4 (HELP/TYPE comments,
// samples with escaped label values), for tests that scrape /metrics. Any line it cannot
// read fails the test.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: string;
  samples: Sample[];
}

export class Exposition {
  constructor(readonly families: Map<string, Family>) {}

  family(name: string): Family | undefined {
    return this.families.get(name);
  }

  /** Samples of `name` (a family's own or its _bucket/_sum/_count series) whose labels include `match`. */
  samples(name: string, match: Record<string, string> = {}): Sample[] {
    const out: Sample[] = [];
    for (const f of this.families.values()) {
      for (const s of f.samples) {
        if (s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v)) out.push(s);
      }
    }
    return out;
  }

  /** The one sample of `name` with exactly these labels. */
  value(name: string, labels: Record<string, string>): number | undefined {
    const keys = Object.keys(labels);
    return this.samples(name, labels).find((s) => Object.keys(s.labels).length === keys.length)?.value;
  }

  /** The sum over the samples of `name` whose labels include `match`. */
  sum(name: string, match: Record<string, string> = {}): number {
    return this.samples(name, match).reduce((a, s) => a + s.value, 0);
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

export function parsePrometheusText(text: string): Exposition {
  const families = new Map<string, Family>();
  const familyOf = (sample: string): Family | undefined => {
    for (const suffix of ['', '_bucket', '_sum', '_count', '_total', '_created']) {
      if (suffix && !sample.endsWith(suffix)) continue;
      const f = families.get(sample.slice(0, sample.length - suffix.length));
      if (f) return f;
    }
    return undefined;
  };
  text.split('\n').forEach((line, i) => {
    const fail = (why: string) => new Error(`line ${i + 1}: ${why}: ${JSON.stringify(line)}`);
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
      if (!m) return; // other comments are allowed
      const [, kw, name, rest] = m as unknown as [string, string, string, string];
      let f = families.get(name);
      if (!f) families.set(name, (f = { name, help: '', type: 'untyped', samples: [] }));
      if (kw === 'HELP') f.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) f.type = rest;
      else throw fail('unknown type');
      return;
    }
    const nm = NAME.exec(line);
    if (!nm) throw fail('no metric name');
    const name = nm[0];
    let pos = name.length;
    const labels: Record<string, string> = {};
    if (line[pos] === '{') {
      pos++;
      while (line[pos] !== '}') {
        const ln = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(pos));
        if (!ln) throw fail('bad label');
        pos += ln[0].length;
        let v = '';
        for (;;) {
          const c = line[pos++];
          if (c === undefined) throw fail('unterminated label value');
          if (c === '"') break;
          if (c === '\\') {
            const e = line[pos++];
            v += e === 'n' ? '\n' : e === '\\' ? '\\' : e === '"' ? '"' : (() => { throw fail('bad escape'); })();
          } else v += c;
        }
        labels[ln[1]!] = v;
        if (line[pos] === ',') pos++;
        else if (line[pos] !== '}') throw fail('expected , or }');
      }
      pos++;
    }
    const rest = line.slice(pos).trim().split(/\s+/);
    if (rest.length < 1 || rest.length > 2) throw fail('bad value');
    const raw = rest[0]!;
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : raw === 'NaN' ? NaN : Number(raw);
    if (Number.isNaN(value) && raw !== 'NaN') throw fail('bad number');
    const f = familyOf(name);
    if (!f) throw fail('sample without HELP/TYPE');
    f.samples.push({ name, labels, value });
  });
  return new Exposition(families);
}
