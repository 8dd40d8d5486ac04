// Time-weighted statistics of a piecewise-constant value (seat demand) since the last
// reset: average, standard deviation and maximum (upstream fairqueuing/integrator.go).

export interface IntegratorResults {
  /** Seconds covered. */
  duration: number;
  average: number;
  deviation: number;
  max: number;
}

export class Integrator {
  private value = 0;
  private max = 0;
  private start: number;
  private last: number;
  private integral = 0;
  private integralSq = 0;

  constructor(private readonly nowMs: () => number) {
    this.start = this.last = nowMs();
  }

  set(x: number): void {
    this.advance();
    this.value = x;
    if (x > this.max) this.max = x;
  }

  add(dx: number): void {
    this.set(this.value + dx);
  }

  private advance(): void {
    const now = this.nowMs();
    const dt = (now - this.last) / 1000;
    if (dt > 0) {
      this.integral += this.value * dt;
      this.integralSq += this.value * this.value * dt;
    }
    this.last = now;
  }

  /** The statistics since the last reset; starts a new period whose max is the current value. */
  reset(): IntegratorResults {
    this.advance();
    const duration = (this.last - this.start) / 1000;
    const results: IntegratorResults = { duration, average: NaN, deviation: NaN, max: this.max };
    if (duration > 0) {
      const avg = this.integral / duration;
      results.average = avg;
      const variance = this.integralSq / duration - avg * avg;
      results.deviation = variance > 0 ? Math.sqrt(variance) : 0;
    }
    this.start = this.last;
    this.integral = this.integralSq = 0;
    this.max = this.value;
    return results;
  }
}
