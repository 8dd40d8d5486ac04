// Cron schedule parsing as github.com/robfig/cron/v3 ParseStandard does it, for the
// error texts CronJob validation reports (time zone prefixes and descriptors included).

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DOWS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DOWS },
];
const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const MAX_INT64 = 9223372036854775807n;

class CronError extends Error {}

/** strconv.Atoi's outcome: the value or Go's error text. */
function atoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new CronError(`failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const v = BigInt(s);
  if (v > MAX_INT64 || v < -MAX_INT64 - 1n) throw new CronError(`failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  const n = Number(v);
  if (n < 0) throw new CronError(`negative number (${n}) not allowed: ${s}`);
  return n;
}

function intOrName(s: string, b: Bounds): number {
  const named = b.names?.[s.toLowerCase()];
  return named !== undefined ? named : atoi(s);
}

function checkRange(expr: string, b: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  const single = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
  } else {
    start = intOrName(lowAndHigh[0]!, b);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1]!, b);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step: number;
  if (rangeAndStep.length === 1) step = 1;
  else if (rangeAndStep.length === 2) {
    step = atoi(rangeAndStep[1]!);
    if (single) end = b.max;
  } else throw new CronError(`too many slashes: ${expr}`);
  if (start < b.min) throw new CronError(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new CronError(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
}

/** time.ParseDuration acceptance (units ns, us, µs, ms, s, m, h). */
function isGoDuration(s: string): boolean {
  return /^[-+]?(0|([0-9]*(\.[0-9]*)?(ns|us|µs|μs|ms|s|m|h))+)$/.test(s) && s !== '' && !/^[-+]?$/.test(s);
}

function validTimeZone(tz: string): boolean {
  if (tz === 'Local' || tz === 'UTC' || tz === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The ParseStandard error text for a schedule, or undefined when it parses. */
export function parseCronSchedule(input: string): string | undefined {
  try {
    let spec = input;
    if (spec.length === 0) throw new CronError('empty spec string');
    if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
      const i = spec.indexOf(' ');
      const eq = spec.indexOf('=');
      const tz = i < 0 ? spec.slice(eq + 1) : spec.slice(eq + 1, i);
      if (!validTimeZone(tz)) throw new CronError(`provided bad location ${tz}: unknown time zone ${tz}`);
      spec = i < 0 ? '' : spec.slice(i).trim();
    }
    if (spec.startsWith('@')) {
      if (DESCRIPTORS.has(spec)) return undefined;
      if (spec.startsWith('@every ')) {
        const d = spec.slice('@every '.length);
        if (!isGoDuration(d)) throw new CronError(`failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(d)}`);
        return undefined;
      }
      throw new CronError(`unrecognized descriptor: ${spec}`);
    }
    const fields = spec.split(/\s+/).filter((f) => f.length > 0);
    if (fields.length !== 5) throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    fields.forEach((f, i) => {
      for (const part of f.split(',')) checkRange(part, FIELDS[i]!);
    });
    return undefined;
  } catch (e) {
    if (e instanceof CronError) return e.message;
    throw e;
  }
}
