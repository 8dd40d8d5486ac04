// k8s.io/apimachinery/pkg/util/duration: the human-readable durations kubectl shows.
// Go truncates toward zero at every step; so does Math.trunc.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** duration.HumanDuration: ~2-3 significant figures ("90s", "5m3s", "3h20m", "2d4h", "3y12d"). */
export function humanDuration(ms: number): string {
  // Up to 2s in the future is tolerated as clock skew and reads as now.
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) {
    const dy = days % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** duration.ShortHumanDuration: one unit only ("45s", "5m", "3h", "12d", "2y"). */
export function shortHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(hours / 24 / 365)}y`;
}
