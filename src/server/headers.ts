// Response header values that are always legal on the wire, whatever they hold.
//
// Go's net/http writes header strings as UTF-8 bytes, turns CR and LF into spaces
// (Header.writeSubset's headerNewlineToSpace) and, over HTTP/2, drops a value that is
// not a valid field value (golang.org/x/net/http2 encodeHeaders: "if
// !httpguts.ValidHeaderFieldValue(v) { continue }"). Node sends header strings as
// Latin-1 and throws ERR_INVALID_CHAR on anything else, so values are carried as
// their UTF-8 bytes and what Go would drop is dropped here, never thrown.

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field-value bytes Node (and RFC 9110) refuse: controls other than HTAB, and DEL.
const INVALID_VALUE_BYTE = /[\x00-\x08\x0a-\x1f\x7f]/;

export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/** One header value as Node must be given it (UTF-8 bytes as Latin-1), or undefined when it cannot be sent. */
export function wireHeaderValue(value: string): string | undefined {
  const oneLine = value.replace(/[\r\n]/g, ' ').trim();
  // eslint-disable-next-line no-control-regex
  const bytes = /[^\x00-\x7f]/.test(oneLine) ? Buffer.from(oneLine, 'utf8').toString('latin1') : oneLine;
  return INVALID_VALUE_BYTE.test(bytes) ? undefined : bytes;
}

// Upstream's warning recorder (k8s.io/apiserver/pkg/endpoints/filters/warning.go): warnings are
// deduplicated by text; once their text passes 4096 runes in total every warning, earlier
// ones included, is cut to 256 runes, and warnings past the limit are dropped.
const TRUNCATE_AT_TOTAL_RUNES = 4 * 1024;
const TRUNCATE_ITEM_RUNES = 256;

/**
 * The Warning header values for `warnings` (in the order they were added), as upstream's
 * recorder and k8s.io/apimachinery/pkg/util/net NewWarningHeader build them: `299 - "text"`
 * with `"` and `\` escaped; a text that is not valid UTF-8 or holds a control character
 * is dropped, as NewWarningHeader refuses it.
 */
export function warningHeaderValues(warnings: readonly string[], limits = { total: TRUNCATE_AT_TOTAL_RUNES, item: TRUNCATE_ITEM_RUNES }): string[] {
  const recorded = new Set<string>();
  const ordered: string[] = [];
  let out: string[] = [];
  let written = 0;
  let truncating = false;
  const cut = (text: string): string[] => {
    const runes = [...text];
    return runes.length > limits.item ? runes.slice(0, limits.item) : runes;
  };
  for (const text of warnings) {
    if (text.length === 0) continue;
    if (truncating && written >= limits.total) break;
    if (recorded.has(text)) continue;
    recorded.add(text);
    ordered.push(text);
    const runes = truncating ? cut(text) : [...text];
    const value = warningHeader(runes.join(''));
    if (value === undefined) continue;
    if (written + runes.length <= limits.total || truncating) {
      written += runes.length;
      out.push(value);
      continue;
    }
    truncating = true;
    written = 0;
    out = [];
    for (const earlier of ordered) {
      const short = cut(earlier);
      const v = warningHeader(short.join(''));
      if (v === undefined) continue;
      written += short.length;
      out.push(v);
    }
  }
  return out;
}

// unicode.IsControl: C0, DEL and C1. A lone surrogate is JavaScript's form of invalid UTF-8.
const CONTROL_OR_INVALID = /[\x00-\x1f\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function warningHeader(text: string): string | undefined {
  if (CONTROL_OR_INVALID.test(text)) return undefined;
  return `299 - "${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
