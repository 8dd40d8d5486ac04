/**
 * Waits for `settled` or for `ms` to pass, whichever comes first: true when it settled in time
 * (its rejection is passed on). The timer is cleared either way, so a wait that ended early never
 * keeps the process alive for the rest of `ms`.
 */
export async function waitAtMost(settled: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([settled.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
