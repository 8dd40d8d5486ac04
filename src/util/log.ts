// Structured logging with klog's verbosity model and klog's text header:
//   I1121 09:42:11.123456   12345 skiff] "msg" key="value"
// or JSON lines shaped like component-base's JSON format:
//   {"ts":1700000000000.123,"v":0,"msg":"msg","key":"value"}

export type LogValues = Record<string, unknown>;

export interface LogSink {
  write(chunk: string): unknown;
}

export interface VerboseLogger {
  /** True when messages at this level are written. */
  readonly enabled: boolean;
  info(msg: string, kv?: LogValues): void;
}

export interface Logger {
  readonly verbosity: number;
  info(msg: string, kv?: LogValues): void;
  warning(msg: string, kv?: LogValues): void;
  error(msg: string, err?: unknown, kv?: LogValues): void;
  /** Messages at `level` are written only when level <= verbosity. */
  v(level: number): VerboseLogger;
  /** A logger that adds these key/values to every message. */
  withValues(kv: LogValues): Logger;
}

export interface LoggerOptions {
  verbosity?: number;
  json?: boolean;
  /** Defaults to process.stderr, where klog writes. */
  stream?: LogSink;
  /** Replaces the clock; for tests. Milliseconds since the epoch, fractional. */
  now?: () => number;
}

type Severity = 'I' | 'W' | 'E';

export function createLogger(opts: LoggerOptions = {}): Logger {
  const config: Required<Omit<LoggerOptions, 'json'>> & { json: boolean } = {
    verbosity: opts.verbosity ?? 0,
    json: opts.json ?? false,
    stream: opts.stream ?? process.stderr,
    now: opts.now ?? (() => performance.timeOrigin + performance.now()),
  };
  return makeLogger(config, {});
}

interface LoggerConfig {
  verbosity: number;
  json: boolean;
  stream: LogSink;
  now: () => number;
}

function makeLogger(cfg: LoggerConfig, base: LogValues): Logger {
  const emit = (sev: Severity, level: number, msg: string, err: unknown, kv: LogValues | undefined): void => {
    const values = kv ? { ...base, ...kv } : base;
    const line = cfg.json ? jsonLine(cfg.now(), sev, level, msg, err, values) : klogLine(cfg.now(), sev, msg, err, values);
    cfg.stream.write(line);
  };
  const disabled: VerboseLogger = { enabled: false, info: () => {} };
  return {
    verbosity: cfg.verbosity,
    info: (msg, kv) => emit('I', 0, msg, undefined, kv),
    warning: (msg, kv) => emit('W', 0, msg, undefined, kv),
    error: (msg, err, kv) => emit('E', 0, msg, err === undefined ? NO_ERROR : err, kv),
    v(level: number): VerboseLogger {
      if (level > cfg.verbosity) return disabled;
      return { enabled: true, info: (msg, kv) => emit('I', level, msg, undefined, kv) };
    },
    withValues: (kv) => makeLogger(cfg, { ...base, ...kv }),
  };
}

/** Marks an error() call without an error value (klog prints no err= then). */
const NO_ERROR = Symbol('no-error');

function errorText(err: unknown): string | undefined {
  if (err === undefined || err === NO_ERROR) return undefined;
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : stringifyValue(err);
}

function jsonLine(ts: number, sev: Severity, level: number, msg: string, err: unknown, kv: LogValues): string {
  const out: Record<string, unknown> = { ts: Math.round(ts * 1000) / 1000 };
  // Like component-base's JSON logger: info entries carry "v", error entries carry "err".
  if (sev !== 'E') out.v = level;
  out.msg = msg;
  const e = errorText(err);
  if (sev === 'E' && e !== undefined) out.err = e;
  for (const [k, v] of Object.entries(kv)) out[k] = jsonValue(v);
  return JSON.stringify(out) + '\n';
}

function jsonValue(v: unknown): unknown {
  if (v instanceof Error) return v.message;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

function klogLine(ts: number, sev: Severity, msg: string, err: unknown, kv: LogValues): string {
  let line = klogHeader(ts, sev) + goQuote(msg);
  const e = errorText(err);
  if (e !== undefined) line += ' err=' + formatTextValue(e);
  for (const [k, v] of Object.entries(kv)) line += ' ' + k + '=' + formatTextValue(v);
  return line + '\n';
}

function pad(n: number, width: number, fill = '0'): string {
  return String(n).padStart(width, fill);
}

function klogHeader(ts: number, sev: Severity): string {
  const d = new Date(Math.floor(ts));
  const micros = Math.floor((ts * 1000) % 1_000_000);
  return (
    sev +
    pad(d.getMonth() + 1, 2) +
    pad(d.getDate(), 2) +
    ' ' +
    pad(d.getHours(), 2) +
    ':' +
    pad(d.getMinutes(), 2) +
    ':' +
    pad(d.getSeconds(), 2) +
    '.' +
    pad(micros, 6) +
    ' ' +
    pad(process.pid, 7, ' ') +
    ' skiff] '
  );
}

/** klog's text rendering: strings quoted (multi-line ones as a <...> block), numbers and bools bare. */
function formatTextValue(v: unknown): string {
  if (typeof v === 'string') {
    if (!v.includes('\n')) return goQuote(v);
    return '<\n' + v.split('\n').map((l) => '\t' + l).join('\n') + '\n >';
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return '<nil>';
  if (v instanceof Error) return goQuote(v.message);
  return stringifyValue(v);
}

function stringifyValue(v: unknown): string {
  try {
    const s = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
    return s ?? String(v);
  } catch {
    return String(v);
  }
}

/** Go's strconv.Quote: a double-quoted string with Go escapes; printable Unicode is kept. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case '\\':
        out += '\\\\';
        continue;
      case '\n':
        out += '\\n';
        continue;
      case '\r':
        out += '\\r';
        continue;
      case '\t':
        out += '\\t';
        continue;
      case '\x07':
        out += '\\a';
        continue;
      case '\b':
        out += '\\b';
        continue;
      case '\f':
        out += '\\f';
        continue;
      case '\v':
        out += '\\v';
        continue;
    }
    if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else if (c >= 0xd800 && c <= 0xdfff) out += '\\ufffd'; // a lone surrogate is not valid UTF-8
    else if ((c >= 0x80 && c < 0xa0) || c === 0xad || c === 0xfeff) out += '\\u' + c.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}
