// The request target (the URL in the request line or :path) read as Go's
// url.ParseRequestURI reads it for net/http: origin-form "/path?query", absolute-form
// "scheme://host/path?query" or "*". The path is percent-decoded (URL.Path, which
// upstream's RequestInfoFactory and muxes route on); "//x" stays a path, never a host.

export interface RequestTarget {
  /** The decoded path. */
  path: string;
  query: URLSearchParams;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// Go's url.Parse refuses ASCII control bytes anywhere ("net/url: invalid control character in URL").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

/** The target's path and query, or undefined where Go's server answers 400 Bad Request. */
export function parseRequestTarget(raw: string): RequestTarget | undefined {
  if (CONTROL.test(raw)) return undefined;
  if (raw === '*') return { path: '*', query: new URLSearchParams() };
  let rest = raw;
  if (!rest.startsWith('/')) {
    const scheme = SCHEME.exec(rest);
    if (!scheme || !rest.startsWith('//', scheme[0].length)) return undefined;
    rest = rest.slice(scheme[0].length + 2);
    const slash = rest.search(/[/?]/);
    rest = slash < 0 ? '' : rest.slice(slash);
  }
  const q = rest.indexOf('?');
  const rawPath = q < 0 ? rest : rest.slice(0, q);
  const path = unescapePath(rawPath);
  if (path === undefined) return undefined;
  return { path, query: new URLSearchParams(q < 0 ? '' : rest.slice(q + 1)) };
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Go's url.PathUnescape: every % must start a two-digit hex escape; "+" stays "+". */
function unescapePath(s: string): string | undefined {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  const raw = Buffer.from(s, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (b !== 0x25) {
      bytes.push(b);
      continue;
    }
    const hex = raw.subarray(i + 1, i + 3).toString('latin1');
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return utf8.decode(Uint8Array.from(bytes));
}
