// admissionregistration.k8s.io printers: webhook configurations and admission policies.

import type { Obj, TableColumn } from '../kind.js';
import { ageColumn, arr, col, str } from './format.js';

const WEBHOOKS_DOC = 'Webhooks indicates the number of webhooks registered in this configuration';
const PARAM_KIND_DOC = 'ParamKind specifies the kind of resources used to parameterize this policy';
const POLICY_NAME_DOC = 'PolicyName indicates the policy definition which the policy binding binded to';
const PARAM_REF_DOC = 'ParamRef indicates the param resource which sets the configration param';

const webhookColumns = (): TableColumn[] => [col('Webhooks', 'integer', WEBHOOKS_DOC, (o) => arr(o.webhooks).length), ageColumn()];

export const validatingWebhookConfigurationColumns = webhookColumns();
export const mutatingWebhookConfigurationColumns = webhookColumns();

function paramKind(o: Obj): string {
  const pk = o.spec?.paramKind;
  return pk && typeof pk === 'object' ? `${str(pk.apiVersion)}/${str(pk.kind)}` : '<unset>';
}

/** The gogo-protobuf String() of a metav1.LabelSelector, which upstream prints verbatim. */
export function goLabelSelectorStruct(sel: Obj): string {
  const labels = (sel.matchLabels ?? {}) as Record<string, unknown>;
  const keys = Object.keys(labels).sort();
  const labelStr = `map[string]string{${keys.map((k) => `${k}: ${str(labels[k])},`).join('')}}`;
  const exprs = arr(sel.matchExpressions)
    .map((e) => `LabelSelectorRequirement{Key:${str(e?.key)},Operator:${str(e?.operator)},Values:[${arr(e?.values).map(str).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:${labelStr},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

function paramRef(o: Obj): string {
  const pr = o.spec?.paramRef;
  if (!pr || typeof pr !== 'object') return '<unset>';
  const name = str(pr.name);
  if (name.length > 0) {
    // Without a namespace the param may be cluster-scoped or in any namespace: "*/name".
    return str(pr.namespace) !== '' ? `${str(pr.namespace)}/${name}` : `*/${name}`;
  }
  if (pr.selector && typeof pr.selector === 'object') return goLabelSelectorStruct(pr.selector);
  return '<unset>';
}

export const validatingAdmissionPolicyColumns: TableColumn[] = [
  col('Validations', 'integer', 'Validations indicates the number of validation rules defined in this configuration', (o) => arr(o.spec?.validations).length),
  col('ParamKind', 'string', PARAM_KIND_DOC, paramKind),
  ageColumn(),
];

export const mutatingAdmissionPolicyColumns: TableColumn[] = [
  col('Mutations', 'integer', 'Mutation indicates the number of mutations rules defined in this configuration', (o) => arr(o.spec?.mutations).length),
  col('ParamKind', 'string', PARAM_KIND_DOC, paramKind),
  ageColumn(),
];

const bindingColumns = (): TableColumn[] => [
  col('PolicyName', 'string', POLICY_NAME_DOC, (o) => str(o.spec?.policyName)),
  col('ParamRef', 'string', PARAM_REF_DOC, paramRef),
  ageColumn(),
];

export const validatingAdmissionPolicyBindingColumns = bindingColumns();
export const mutatingAdmissionPolicyBindingColumns = bindingColumns();
