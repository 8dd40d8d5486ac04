// DenyServiceExternalIPs (upstream plugin/pkg/admission/network/denyserviceexternalips): no
// Service may gain external IPs; an update may keep (a subset of) the ones it has.

import { admissionForbidden, isResource } from '../errors.js';
import type { AdmissionPlugin } from '../types.js';

export function denyServiceExternalIPs(): AdmissionPlugin {
  return {
    name: 'DenyServiceExternalIPs',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(a) {
      if (!isResource(a, '', 'services') || !a.object) return;
      const ips: string[] = a.object.spec?.externalIPs ?? [];
      if (ips.length === 0) return;
      const old = new Set<string>(a.oldObject?.spec?.externalIPs ?? []);
      if (a.oldObject && ips.every((ip) => old.has(ip))) return;
      throw admissionForbidden(a, 'use of external IPs is denied by admission control');
    },
  };
}
