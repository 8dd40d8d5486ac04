// A CSV reader with the rules of Go's encoding/csv (comma separator, no comments,
// strict quotes, variable field counts), so that files and flag values that
// kube-apiserver accepts are read the same way and malformed ones fail with the
// same messages.

export class CsvParseError extends Error {
  constructor(
    readonly startLine: number,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(
      startLine !== line
        ? `record on line ${startLine}; parse error on line ${line}, column ${column}: ${reason}`
        : `parse error on line ${line}, column ${column}: ${reason}`,
    );
    this.name = 'CsvParseError';
  }
}

const ERR_BARE_QUOTE = 'bare " in non-quoted field';
const ERR_QUOTE = 'extraneous or missing " in quoted-field';

/** Splits text into lines the way encoding/csv does: "\r\n" counts as "\n". */
function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  // A trailing newline does not start another line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function byteColumn(line: string, index: number): number {
  return Buffer.byteLength(line.slice(0, index)) + 1;
}

/** Reads every record. Empty lines are skipped, as encoding/csv does. */
export function readCsv(text: string): string[][] {
  const lines = splitLines(text);
  const records: string[][] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] === '') {
      i++;
      continue;
    }
    const startLine = i + 1;
    const fields: string[] = [];
    let line = lines[i];
    let pos = 0;
    for (;;) {
      if (line[pos] !== '"') {
        // Unquoted field: runs to the next comma or the end of the line.
        const comma = line.indexOf(',', pos);
        const field = comma < 0 ? line.slice(pos) : line.slice(pos, comma);
        const quote = field.indexOf('"');
        if (quote >= 0) throw new CsvParseError(startLine, i + 1, byteColumn(line, pos + quote), ERR_BARE_QUOTE);
        fields.push(field);
        if (comma < 0) break;
        pos = comma + 1;
        continue;
      }
      // Quoted field: may contain commas, doubled quotes and newlines.
      let field = '';
      pos++;
      for (;;) {
        const q = line.indexOf('"', pos);
        if (q < 0) {
          field += line.slice(pos);
          if (i + 1 >= lines.length) throw new CsvParseError(startLine, i + 1, byteColumn(line, line.length), ERR_QUOTE);
          field += '\n';
          i++;
          line = lines[i];
          pos = 0;
          continue;
        }
        field += line.slice(pos, q);
        const next = line[q + 1];
        if (next === '"') {
          field += '"';
          pos = q + 2;
          continue;
        }
        if (next === ',' || next === undefined) {
          pos = q + 1;
          break;
        }
        throw new CsvParseError(startLine, i + 1, byteColumn(line, q), ERR_QUOTE);
      }
      fields.push(field);
      if (line[pos] === ',') {
        pos++;
        continue;
      }
      break;
    }
    records.push(fields);
    i++;
  }
  return records;
}
