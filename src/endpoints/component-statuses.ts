// componentstatuses (deprecated, still served by v1.34): computed on every read, never stored,
// as pkg/registry/core/componentstatus does: the scheduler's and the controller manager's
// /healthz probed over HTTPS on their secure ports on this host, and the store's health as
// etcd-0. skiff's own control loops count as the controller manager when it runs them.
import { request } from 'node:https';
import type { Obj } from '../types/kind.js';

const PROBE_TIMEOUT_MS = 2000;

type Condition = { type: 'Healthy'; status: 'True' | 'False'; message?: string; error?: string };

/** An HTTP probe of https://127.0.0.1:<port>/healthz (probe/http: any 2xx/3xx is healthy, its body the message). */
export function probeHealthz(port: number): Promise<Condition> {
  const url = `https://127.0.0.1:${port}/healthz`;
  const failed = (message: string): Condition => ({ type: 'Healthy', status: 'False', message });
  return new Promise((resolve) => {
    const req = request(url, { rejectUnauthorized: false, timeout: PROBE_TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.length + body.length > 10_000 ? '' : c));
      res.on('end', () => {
        const code = res.statusCode ?? 0;
        resolve(code >= 200 && code < 400 ? { type: 'Healthy', status: 'True', message: body } : failed(`HTTP probe failed with statuscode: ${code}`));
      });
      res.on('error', (e) => resolve(failed(`Get "${url}": ${e.message}`)));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('context deadline exceeded (Client.Timeout exceeded while awaiting headers)'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => {
      // Go's net/http wording for the common case.
      const text = e.code === 'ECONNREFUSED' ? `dial tcp 127.0.0.1:${port}: connect: connection refused` : e.message;
      resolve(failed(`Get "${url}": ${text}`));
    });
    req.end();
  });
}

/** The three statuses, in the order upstream's map happens to give most often. */
export async function componentStatuses(opts: { inProcessControllers: boolean; storeCheck: () => Promise<void> }): Promise<Obj[]> {
  const item = (name: string, condition: Condition): Obj => ({ kind: 'ComponentStatus', apiVersion: 'v1', metadata: { name }, conditions: [condition] });
  const ok: Condition = { type: 'Healthy', status: 'True', message: 'ok' };
  const [scheduler, controllerManager, store] = await Promise.all([
    probeHealthz(10259),
    opts.inProcessControllers ? ok : probeHealthz(10257),
    opts.storeCheck().then(
      (): Condition => ok,
      (e: Error): Condition => ({ type: 'Healthy', status: 'False', error: e.message }),
    ),
  ]);
  return [item('scheduler', scheduler), item('controller-manager', controllerManager), item('etcd-0', store)];
}
