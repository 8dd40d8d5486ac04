// /version: the Kubernetes version skiff is compatible with.

import { sendBytes, type Ctx } from '../server/http.js';

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

export function handleVersion(ctx: Ctx): boolean {
  if (ctx.path !== '/version' && ctx.path !== '/version/') return false;
  sendBytes(ctx, 200, 'application/json', JSON.stringify(versionInfo(), null, 2));
  return true;
}
