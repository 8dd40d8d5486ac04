// AlwaysAdmit and AlwaysDeny (upstream plugin/pkg/admission/admit and deny): the test-only
// plugins that admit everything, or refuse every write.

import { admissionForbidden } from '../errors.js';
import type { AdmissionPlugin } from '../types.js';

export function alwaysAdmit(): AdmissionPlugin {
  return { name: 'AlwaysAdmit', admit: () => undefined, validate: () => undefined };
}

export function alwaysDeny(): AdmissionPlugin {
  const deny = (a: Parameters<NonNullable<AdmissionPlugin['admit']>>[0]) => {
    throw admissionForbidden(a, 'admission control is denying all modifications');
  };
  return { name: 'AlwaysDeny', admit: deny, validate: deny };
}
