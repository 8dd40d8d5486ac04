// apiregistration.k8s.io APIService (k8s.io/kube-aggregator pkg/apis/apiregistration/validation,
// v1.34; messages checked against kube-apiserver v1.32).

import { isDNS1035Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation.js';
import { fieldErr, isSet, isValidPortNum, num, obj, str, type FieldErrors, type Obj } from './util.js';

export function validateAPIService(svc: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const spec = obj(svc.spec);
  const group = str(spec.group);
  const version = str(spec.version);
  const name = str(obj(svc.metadata).name);
  // The name rule (a path segment, checked with the metadata) goes on: the name must be version.group.
  const requiredName = `${version}.${group}`;
  if (isValidPathSegmentName(name).length === 0 && name !== requiredName) {
    errs.push(fieldErr.invalid('metadata.name', name, `must be \`spec.version+"."+spec.group\`: ${JSON.stringify(requiredName)}`));
  }
  if (group === '' && version !== 'v1') errs.push(fieldErr.required('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  if (group !== '') for (const m of isDNS1123Subdomain(group)) errs.push(fieldErr.invalid('spec.group', group, m));
  for (const m of isDNS1035Label(version)) errs.push(fieldErr.invalid('spec.version', version, m));
  const groupPriority = num(spec.groupPriorityMinimum);
  if (groupPriority <= 0 || groupPriority > 20000) errs.push(fieldErr.invalid('spec.groupPriorityMinimum', groupPriority, 'must be positive and less than 20000'));
  const versionPriority = num(spec.versionPriority);
  if (versionPriority <= 0 || versionPriority > 1000) errs.push(fieldErr.invalid('spec.versionPriority', versionPriority, 'must be positive and less than 1000'));
  const caBundle = str(spec.caBundle);
  const insecure = spec.insecureSkipTLSVerify === true;
  if (!isSet(spec.service)) {
    if (caBundle !== '') errs.push(fieldErr.invalid('spec.caBundle', `${Buffer.from(caBundle, 'base64').length} bytes`, 'local APIServices may not have a caBundle'));
    if (insecure) errs.push(fieldErr.invalid('spec.insecureSkipTLSVerify', true, 'local APIServices may not have insecureSkipTLSVerify'));
    return errs;
  }
  const service = obj(spec.service);
  if (str(service.namespace) === '') errs.push(fieldErr.required('spec.service.namespace', ''));
  if (str(service.name) === '') errs.push(fieldErr.required('spec.service.name', ''));
  const port = num(service.port);
  const portErrs = isValidPortNum(port);
  if (portErrs.length) errs.push(fieldErr.invalid('spec.service.port', port, `port is not valid: ${portErrs.join(', ')}`));
  if (insecure && caBundle !== '') errs.push(fieldErr.invalid('spec.insecureSkipTLSVerify', true, 'may not be true if caBundle is present'));
  return errs;
}

/** Status updates check the conditions only (ValidateAPIServiceStatus). */
export function validateAPIServiceUpdate(svc: Obj, _old: Obj, subresource?: string): FieldErrors {
  if (subresource !== 'status') return validateAPIService(svc);
  const errs: FieldErrors = [];
  const conditions = obj(svc.status).conditions;
  (Array.isArray(conditions) ? conditions : []).forEach((c: unknown, i: number) => {
    const status = str(obj(c).status);
    if (!['True', 'False', 'Unknown'].includes(status)) errs.push(fieldErr.notSupported(`status.conditions[${i}].status`, status, ['True', 'False', 'Unknown']));
  });
  return errs;
}
