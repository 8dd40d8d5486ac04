import { closeSync, openSync, readSync } from 'node:fs';

/** The first n bytes of a file (fewer when it is shorter): enough to tell its format by its magic number. */
export function fileHead(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}
