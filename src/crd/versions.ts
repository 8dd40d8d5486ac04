// Kube-aware version ordering (apimachinery version.CompareKubeAwareVersionStrings): the
// order in which a custom resource's versions are listed in discovery, preferred first.

const KUBE_LIKE = /^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$/;

interface Parsed {
  major: number;
  /** 2 for GA, 1 beta, 0 alpha. */
  stability: number;
  minor: number;
}

function parse(v: string): Parsed | undefined {
  const m = KUBE_LIKE.exec(v);
  if (!m) return undefined;
  const stability = m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0;
  return { major: Number(m[1]), stability, minor: m[3] === undefined ? 0 : Number(m[3]) };
}

/** Negative when `a` comes before `b` (has the higher priority). */
export function compareKubeAwareVersions(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  if (pa && pb) {
    if (pa.stability !== pb.stability) return pb.stability - pa.stability;
    if (pa.major !== pb.major) return pb.major - pa.major;
    return pb.minor - pa.minor;
  }
  if (pa) return -1;
  if (pb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortKubeAware(versions: readonly string[]): string[] {
  return [...versions].sort(compareKubeAwareVersions);
}
