// Puts a fully written temporary file in place so that, after a crash, the destination
// is either absent or complete: the data is synced before the rename, the rename after.
import { closeSync, fsyncSync, openSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function durableRename(part: string, file: string): void {
  syncPath(part);
  renameSync(part, file);
  syncPath(dirname(file));
}
