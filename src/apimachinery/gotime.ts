// Go's time.Parse for the layouts metav1.Time and metav1.MicroTime decode with
// (time.RFC3339 and RFC3339Micro), with Go's ParseError texts, e.g.
// `parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`.
// Read from Go's src/time/format.go (parse, skip, getnum, ParseError.Error, quote).

export const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';
export const RFC3339_MICRO_LAYOUT = '2006-01-02T15:04:05.000000Z07:00';

type Chunk = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'frac6' | 'zone';

/** The layouts as nextStdChunk splits them: literal prefix, then the std element. */
const CHUNKS: Record<string, ReadonlyArray<readonly [string, Chunk, string]>> = {
  [RFC3339_LAYOUT]: [
    ['', 'year', '2006'],
    ['-', 'month', '01'],
    ['-', 'day', '02'],
    ['T', 'hour', '15'],
    [':', 'minute', '04'],
    [':', 'second', '05'],
    ['', 'zone', 'Z07:00'],
  ],
  [RFC3339_MICRO_LAYOUT]: [
    ['', 'year', '2006'],
    ['-', 'month', '01'],
    ['-', 'day', '02'],
    ['T', 'hour', '15'],
    [':', 'minute', '04'],
    [':', 'second', '05'],
    ['', 'frac6', '.000000'],
    ['', 'zone', 'Z07:00'],
  ],
};

/** time's quote(): ASCII printable kept, every byte of anything else as \xNN. */
function timeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x80 || cp < 0x20) {
      for (const b of Buffer.from(ch, 'utf8')) out += `\\x${b.toString(16).padStart(2, '0')}`;
    } else {
      if (ch === '"' || ch === '\\') out += '\\';
      out += ch;
    }
  }
  return out + '"';
}

const isDigitAt = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x39;

/** getnum: one or two digits (exactly two when fixed). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigitAt(s, 0)) return undefined;
  if (!isDigitAt(s, 1)) return fixed ? undefined : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface GoTime {
  /** Seconds since the epoch (UTC). */
  seconds: number;
  nanos: number;
}

export class GoTimeParseError extends Error {}

/**
 * time.Parse(layout, value) for RFC3339 and RFC3339Micro: the instant, or a
 * GoTimeParseError with Go's message.
 */
export function parseGoTime(layout: string, value: string): GoTime {
  const chunks = CHUNKS[layout];
  if (!chunks) throw new Error(`unsupported layout ${layout}`);
  const cannotParse = (valueElem: string, layoutElem: string) =>
    new GoTimeParseError(`parsing time ${timeQuote(value)} as ${timeQuote(layout)}: cannot parse ${timeQuote(valueElem)} as ${timeQuote(layoutElem)}`);
  const outOfRange = (what: string) => new GoTimeParseError(`parsing time ${timeQuote(value)}: ${what} out of range`);
  let rest = value;
  let year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanos = 0, offset = 0;
  for (let c = 0; c < chunks.length; c++) {
    const [prefix, std, stdstr] = chunks[c]!;
    for (let i = 0; i < prefix.length; i++) {
      if (rest.length === 0 || rest[0] !== prefix[i]) throw cannotParse(rest, prefix.slice(i));
      rest = rest.slice(1);
    }
    const hold = rest;
    let bad = false;
    let range = '';
    switch (std) {
      case 'year':
        if (rest.length < 4 || !isDigitAt(rest, 0) || !/^\d{4}$/.test(rest.slice(0, 4))) bad = true;
        else [year, rest] = [Number(rest.slice(0, 4)), rest.slice(4)];
        break;
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second': {
        const got = getnum(rest, std !== 'hour');
        if (!got) {
          bad = true;
          break;
        }
        const [n, after] = got;
        rest = after;
        if (std === 'month') {
          month = n;
          if (n <= 0 || n > 12) range = 'month';
        } else if (std === 'day') day = n;
        else if (std === 'hour') {
          hour = n;
          if (n >= 24) range = 'hour';
        } else if (std === 'minute') {
          minute = n;
          if (n >= 60) range = 'minute';
        } else {
          second = n;
          if (n >= 60) {
            range = 'second';
            break;
          }
          // A fraction the layout does not spell out is still read (only RFC3339 here).
          const next = chunks[c + 1]?.[1];
          if (next !== 'frac6' && rest.length >= 2 && (rest[0] === '.' || rest[0] === ',') && isDigitAt(rest, 1)) {
            let n2 = 2;
            while (isDigitAt(rest, n2)) n2++;
            nanos = fractionNanos(rest.slice(1, n2));
            rest = rest.slice(n2);
          }
        }
        break;
      }
      case 'frac6':
        if (rest.length < 7) {
          bad = true;
          break;
        }
        if ((rest[0] !== '.' && rest[0] !== ',') || !/^\d{6}$/.test(rest.slice(1, 7))) bad = true;
        else [nanos, rest] = [fractionNanos(rest.slice(1, 7)), rest.slice(7)];
        break;
      case 'zone': {
        if (rest[0] === 'Z') {
          rest = rest.slice(1);
          break;
        }
        if (rest.length < 6 || rest[3] !== ':') {
          bad = true;
          break;
        }
        const hh = getnum(rest.slice(1, 3), true);
        const mm = getnum(rest.slice(4, 6), true);
        if (!hh || !mm) {
          bad = true;
          break;
        }
        if (hh[0] > 24) range = 'time zone offset hour';
        if (mm[0] > 60) range = 'time zone offset minute';
        offset = (hh[0] * 60 + mm[0]) * 60;
        if (rest[0] === '-') offset = -offset;
        else if (rest[0] !== '+') bad = true;
        rest = rest.slice(6);
        break;
      }
    }
    if (range) throw outOfRange(range);
    if (bad) throw cannotParse(hold, stdstr);
  }
  if (rest.length !== 0) throw new GoTimeParseError(`parsing time ${timeQuote(value)}: extra text: ${timeQuote(rest)}`);
  if (day < 1 || day > daysIn(month, year)) throw outOfRange('day');
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  d.setUTCHours(hour, minute, second, 0);
  return { seconds: d.getTime() / 1000 - offset, nanos };
}

/** parseNanoseconds: the digits after the point, to nanoseconds (digits past the ninth are dropped). */
function fractionNanos(digits: string): number {
  return Number(digits.slice(0, 9).padEnd(9, '0'));
}

/** metav1.Time's JSON form: RFC 3339 in UTC, whole seconds. */
export function formatGoTimeRFC3339(t: GoTime): string {
  return new Date(t.seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** metav1.MicroTime's JSON form: RFC 3339 in UTC with six fractional digits. */
export function formatGoTimeRFC3339Micro(t: GoTime): string {
  return `${formatGoTimeRFC3339(t).slice(0, -1)}.${String(Math.floor(t.nanos / 1000)).padStart(6, '0')}Z`;
}
