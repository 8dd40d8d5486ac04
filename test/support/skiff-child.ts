// The skiff CLI as a child process (bench/skiff-process.ts's startSkiffOn) on a fresh port. Its
// output is not kept, so a child that exits before it serves is taken to have lost its port to
// another test's server, and starts again on another (ports.ts).
import { startSkiffOn } from '../../bench/skiff-process.js';
import { onFreshPort, PortTakenError } from './ports.js';

/** For a start's rejection: an exit before serving means the port was taken. */
export function portTakenIfExited(e: unknown): never {
  throw /exited/.test(String(e)) ? new PortTakenError(String(e)) : e;
}

/** A skiff child serving on a fresh port, with that port. */
export function startSkiffChild(dataDir: string, args: string[] = []) {
  return onFreshPort((port) => startSkiffOn(dataDir, port, args).then((started) => ({ ...started, port }), portTakenIfExited));
}
