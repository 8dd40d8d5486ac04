// The request time Table cells are computed against. Upstream computes AGE and similar
// cells with time.Since at request time; tests pin the clock here.

let clock: () => number = () => Date.now();

/** Milliseconds since the epoch, as the Table cells see "now". */
export function tableNow(): number {
  return clock();
}

/** Replace the clock (tests); pass undefined to restore the system clock. */
export function setTableClock(now: (() => number) | undefined): void {
  clock = now ?? (() => Date.now());
}
