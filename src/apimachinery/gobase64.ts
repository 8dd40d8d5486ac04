// base64.StdEncoding.Decode as encoding/json uses it for []byte fields: padding
// required, CR and LF skipped, and Go's CorruptInputError offset on bad input
// (`illegal base64 data at input byte N`). Read from Go's src/encoding/base64/base64.go
// (Decode, decodeQuantum).

const STD_DECODE = (() => {
  const m = new Int16Array(256).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i;
  return m;
})();

const isNewline = (c: number | undefined) => c === 0x0a || c === 0x0d;

/** The offset Go reports for `s` as standard, padded base64, or undefined when it decodes. */
export function stdBase64ErrorOffset(s: string): number | undefined {
  const src = Buffer.from(s, 'utf8');
  let si = 0;
  while (si < src.length) {
    // One quantum of up to four characters (decodeQuantum).
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return undefined;
        return si - j; // a short final quantum: padding is required
      }
      const c = src[si++]!;
      if (STD_DECODE[c]! >= 0) continue;
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== 0x3d) return si - 1;
      // Padding: only after two or three characters.
      if (j < 2) return si - 1;
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) return src.length;
        if (src[si] !== 0x3d) return si - 1;
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      if (si < src.length) return si; // trailing garbage
      return undefined;
    }
  }
  return undefined;
}

/** Go's message for a []byte value that is not standard base64, or undefined when it is. */
export function stdBase64Error(s: string): string | undefined {
  const at = stdBase64ErrorOffset(s);
  return at === undefined ? undefined : `illegal base64 data at input byte ${at}`;
}
