// Which requests are long-running (upstream server/filters/longrunning.go
// BasicLongRunningRequestCheck with kube-apiserver's verbs and subresources): they are
// exempt from the in-flight limits, and APF holds seats for a watch only while it starts.

import type { RequestInfo } from './requestinfo.js';

const LONG_RUNNING_VERBS = new Set(['watch', 'proxy']);
const LONG_RUNNING_SUBRESOURCES = new Set(['attach', 'exec', 'proxy', 'log', 'portforward']);

export function isLongRunning(info: RequestInfo): boolean {
  if (LONG_RUNNING_VERBS.has(info.verb)) return true;
  if (info.isResourceRequest && LONG_RUNNING_SUBRESOURCES.has(info.subresource)) return true;
  return !info.isResourceRequest && info.path.startsWith('/debug/pprof/');
}

/** get, list and watch; everything else counts against the mutating limit. */
export function isMutating(info: RequestInfo): boolean {
  return !(info.verb === 'get' || info.verb === 'list' || info.verb === 'watch');
}
