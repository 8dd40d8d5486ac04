// /version: the Kubernetes version skiff is compatible with.

import { resourceNotFound } from '../apimachinery/errors.js';
import { sendBytes, type Ctx } from '../server/http.js';
import { selectGetRoute } from './restful-route.js';

const PRODUCES = ['application/json'];

export const KUBE_VERSION = { major: '1', minor: '34', gitVersion: 'v1.34.0' };

export function versionInfo(): Record<string, string> {
  return {
    major: KUBE_VERSION.major,
    minor: KUBE_VERSION.minor,
    emulationMajor: KUBE_VERSION.major,
    emulationMinor: KUBE_VERSION.minor,
    minCompatibilityMajor: '1',
    minCompatibilityMinor: '33',
    gitVersion: KUBE_VERSION.gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-11-01T00:00:00Z',
    goVersion: `node${process.versions.node}`,
    compiler: 'skiff',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}

/** GET /version, a go-restful route producing JSON; any deeper path is its web service's 404. */
export function handleVersion(ctx: Ctx): boolean {
  if (ctx.path !== '/version' && !ctx.path.startsWith('/version/')) return false;
  if (ctx.path !== '/version' && ctx.path !== '/version/') throw resourceNotFound();
  selectGetRoute(ctx, PRODUCES);
  sendBytes(ctx, 200, 'application/json', JSON.stringify(versionInfo(), null, 2));
  return true;
}
