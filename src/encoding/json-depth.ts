// Go's encoding/json refuses input nested deeper than 10000 arrays/objects
// (scanner.go maxNestingDepth, "exceeded max depth"), before decoding anything;
// sigs.k8s.io/json, which kube-apiserver decodes with, keeps that limit. Checking it
// first keeps deeply nested bodies from reaching recursive code.

export const MAX_JSON_NESTING_DEPTH = 10000;

/** Go's syntax error for `text` nested past the limit ("invalid character '[' exceeded max depth"), or undefined. */
export function jsonDepthError(text: string, limit = MAX_JSON_NESTING_DEPTH): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return `invalid character '${text[i]}' exceeded max depth`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}
