// flowcontrol.apiserver.k8s.io/v1: FlowSchema and PriorityLevelConfiguration
// (pkg/apis/flowcontrol/validation, with the mandatory objects of
// apiserver/pkg/apis/flowcontrol/bootstrap after v1 defaulting).

import { isDNS1123Label, isDNS1123Subdomain } from '../../apimachinery/validation.js';
import { child, fieldErr, index, isSet, num, obj, objs, optNum, semanticEqual, str, strs, type FieldErrors, type Obj } from './util.js';

const MAX_MATCHING_PRECEDENCE = 10000;
const MAX_QUEUES = 10 * 1000 * 1000;
const MAX_HASH_BITS = 60;
const SUPPORTED_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const SUBJECT_KINDS = ['Group', 'ServiceAccount', 'User'];
const NS_ERR_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";

const allRule = {
  resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
  nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
};
const group = (name: string) => ({ kind: 'Group', group: { name } });

const MANDATORY_FLOW_SCHEMAS: Record<string, Obj> = {
  exempt: {
    priorityLevelConfiguration: { name: 'exempt' },
    matchingPrecedence: 1,
    rules: [{ subjects: [group('system:masters')], ...allRule }],
  },
  'catch-all': {
    priorityLevelConfiguration: { name: 'catch-all' },
    matchingPrecedence: 10000,
    distinguisherMethod: { type: 'ByUser' },
    rules: [{ subjects: [group('system:unauthenticated'), group('system:authenticated')], ...allRule }],
  },
};

const MANDATORY_PRIORITY_LEVELS: Record<string, Obj> = {
  exempt: { type: 'Exempt' },
  'catch-all': { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
};

const hasWildcard = (list: string[]) => list.includes('*');

function validateVerbs(verbs: string[], path: string): FieldErrors {
  if (verbs.length === 0) return [fieldErr.required(path, 'verbs must contain at least one value')];
  if (hasWildcard(verbs)) return verbs.length > 1 ? [fieldErr.invalid(path, verbs, "if '*' is present, must not specify other verbs")] : [];
  if (!verbs.every((v) => SUPPORTED_VERBS.includes(v))) return [fieldErr.notSupported(path, verbs, SUPPORTED_VERBS)];
  return [];
}

/** ValidateNonResourceURLPath. */
function validateNonResourceURLPath(p: string, path: string): FieldErrors {
  if (p.length === 0) return [fieldErr.invalid(path, p, 'must not be empty')];
  if (p === '/') return [];
  if (!p.startsWith('/')) return [fieldErr.invalid(path, p, 'must start with slash')];
  if (p.includes(' ')) return [fieldErr.invalid(path, p, 'must not contain white-space')];
  if (p.includes('//')) return [fieldErr.invalid(path, p, 'must not contain double slash')];
  const wildcards = p.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && !p.endsWith('/*'))) return [fieldErr.invalid(path, p, 'wildcard can only do suffix matching')];
  return [];
}

function validateSubject(s: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const forbid = (f: string, detail: string) => {
    if (isSet(s[f])) errs.push(fieldErr.forbidden(child(path, f), detail));
  };
  const userForbidden = () => forbid('user', "user is forbidden when subject kind is not 'User'");
  const groupForbidden = () => forbid('group', "group is forbidden when subject kind is not 'Group'");
  const saForbidden = () => forbid('serviceAccount', "serviceAccount is forbidden when subject kind is not 'ServiceAccount'");
  switch (s.kind) {
    case 'ServiceAccount': {
      const p = child(path, 'serviceAccount');
      if (!isSet(s.serviceAccount)) errs.push(fieldErr.required(p, "serviceAccount is required when subject kind is 'ServiceAccount'"));
      else {
        const sa = obj(s.serviceAccount);
        const name = str(sa.name);
        if (name.length === 0) errs.push(fieldErr.required(child(p, 'name'), ''));
        else if (name !== '*') for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(child(p, 'name'), name, m));
        const ns = str(sa.namespace);
        if (ns.length > 0) for (const m of isDNS1123Label(ns)) errs.push(fieldErr.invalid(child(p, 'namespace'), ns, m));
        else errs.push(fieldErr.required(child(p, 'namespace'), 'must specify namespace for service account'));
      }
      userForbidden();
      groupForbidden();
      break;
    }
    case 'User': {
      const p = child(path, 'user');
      if (!isSet(s.user)) errs.push(fieldErr.required(p, "user is required when subject kind is 'User'"));
      else if (str(obj(s.user).name).length === 0) errs.push(fieldErr.required(child(p, 'name'), ''));
      saForbidden();
      groupForbidden();
      break;
    }
    case 'Group': {
      const p = child(path, 'group');
      if (!isSet(s.group)) errs.push(fieldErr.required(p, "group is required when subject kind is 'Group'"));
      else if (str(obj(s.group).name).length === 0) errs.push(fieldErr.required(child(p, 'name'), ''));
      saForbidden();
      userForbidden();
      break;
    }
    default:
      errs.push(fieldErr.notSupported(child(path, 'kind'), str(s.kind), SUBJECT_KINDS));
  }
  return errs;
}

function validateResourceRule(r: Obj, path: string): FieldErrors {
  const errs = validateVerbs(strs(r.verbs), child(path, 'verbs'));
  const groups = strs(r.apiGroups);
  if (groups.length === 0) errs.push(fieldErr.required(child(path, 'apiGroups'), 'resource rules must supply at least one api group'));
  else if (groups.length > 1 && hasWildcard(groups)) errs.push(fieldErr.invalid(child(path, 'apiGroups'), groups, "if '*' is present, must not specify other api groups"));
  const resources = strs(r.resources);
  if (resources.length === 0) errs.push(fieldErr.required(child(path, 'resources'), 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && hasWildcard(resources)) errs.push(fieldErr.invalid(child(path, 'resources'), resources, "if '*' is present, must not specify other resources"));
  const namespaces = strs(r.namespaces);
  if (namespaces.length === 0 && r.clusterScope !== true) {
    errs.push(fieldErr.required(child(path, 'namespaces'), 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (hasWildcard(namespaces)) {
    if (namespaces.length > 1) errs.push(fieldErr.invalid(child(path, 'namespaces'), namespaces, "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((ns, i) => {
      for (const m of isDNS1123Label(ns)) errs.push(fieldErr.invalid(index(child(path, 'namespaces'), i), ns, NS_ERR_INTRO + m));
    });
  }
  return errs;
}

function validateNonResourceRule(r: Obj, path: string): FieldErrors {
  const errs = validateVerbs(strs(r.verbs), child(path, 'verbs'));
  const urls = strs(r.nonResourceURLs);
  const up = child(path, 'nonResourceURLs');
  if (urls.length === 0) errs.push(fieldErr.required(up, 'nonResourceURLs must contain at least one value'));
  else if (hasWildcard(urls)) {
    if (urls.length > 1) errs.push(fieldErr.invalid(up, urls, "if '*' is present, must not specify other non-resource URLs"));
  } else urls.forEach((u, i) => errs.push(...validateNonResourceURLPath(u, index(up, i))));
  return errs;
}

function validatePolicyRulesWithSubjects(rule: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const subjects = objs(rule.subjects);
  if (subjects.length > 0) subjects.forEach((s, i) => errs.push(...validateSubject(s, index(child(path, 'subjects'), i))));
  else errs.push(fieldErr.required(child(path, 'subjects'), 'subjects must contain at least one value'));
  const rr = objs(rule.resourceRules);
  const nrr = objs(rule.nonResourceRules);
  if (rr.length === 0 && nrr.length === 0) errs.push(fieldErr.required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  rr.forEach((r, i) => errs.push(...validateResourceRule(r, index(child(path, 'resourceRules'), i))));
  nrr.forEach((r, i) => errs.push(...validateNonResourceRule(r, index(child(path, 'nonResourceRules'), i))));
  return errs;
}

function validateFlowSchemaSpec(name: string, spec: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const mp = num(spec.matchingPrecedence);
  const mpPath = 'spec.matchingPrecedence';
  if (mp <= 0) errs.push(fieldErr.invalid(mpPath, mp, 'must be a positive value'));
  if (mp > MAX_MATCHING_PRECEDENCE) errs.push(fieldErr.invalid(mpPath, mp, `must not be greater than ${MAX_MATCHING_PRECEDENCE}`));
  if (mp === 1 && name !== 'exempt') errs.push(fieldErr.invalid(mpPath, mp, "only the schema named 'exempt' may have matchingPrecedence 1"));
  if (isSet(spec.distinguisherMethod)) {
    const dm = obj(spec.distinguisherMethod);
    if (!['ByNamespace', 'ByUser'].includes(str(dm.type))) {
      errs.push(fieldErr.notSupported('spec.distinguisherMethod.type', { type: str(dm.type) }, ['ByNamespace', 'ByUser']));
    }
  }
  const plName = str(obj(spec.priorityLevelConfiguration).name);
  if (plName.length > 0) for (const m of isDNS1123Subdomain(plName)) errs.push(fieldErr.invalid('spec.priorityLevelConfiguration.name', plName, m));
  else errs.push(fieldErr.required('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  objs(spec.rules).forEach((r, i) => errs.push(...validatePolicyRulesWithSubjects(r, `spec.rules[${i}]`)));
  return errs;
}

/** Status conditions of both kinds: unique, non-empty types. */
function validateStatus(status: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  objs(status.conditions).forEach((c, i) => {
    const type = str(c.type);
    const p = `status.conditions[${i}]`;
    if (seen.has(type)) errs.push(fieldErr.duplicate(`${p}.type`, type));
    seen.add(type);
    if (type.length === 0) errs.push(fieldErr.required(`${p}.type`, 'must not be empty'));
  });
  return errs;
}

export function validateFlowSchema(fs: Obj): FieldErrors {
  const name = str(obj(fs.metadata).name);
  const spec = obj(fs.spec);
  const errs = validateFlowSchemaSpec(name, spec);
  const mand = MANDATORY_FLOW_SCHEMAS[name];
  if (mand && !semanticEqual(spec, mand)) errs.push(fieldErr.invalid('spec', spec, `spec of '${name}' must equal the fixed value`));
  errs.push(...validateStatus(obj(fs.status)));
  return errs;
}

// ---- PriorityLevelConfiguration ----

/** shufflesharding.RequiredEntropyBits. */
function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

function validateQueuing(q: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const qll = num(q.queueLengthLimit);
  if (qll <= 0) errs.push(fieldErr.invalid(`${path}.queueLengthLimit`, qll, 'must be positive'));
  const queues = num(q.queues);
  if (queues <= 0) errs.push(fieldErr.invalid(`${path}.queues`, queues, 'must be positive'));
  else if (queues > MAX_QUEUES) errs.push(fieldErr.invalid(`${path}.queues`, queues, `must not be greater than ${MAX_QUEUES}`));
  const hand = num(q.handSize);
  if (hand <= 0) errs.push(fieldErr.invalid(`${path}.handSize`, hand, 'must be positive'));
  else if (hand > queues) errs.push(fieldErr.invalid(`${path}.handSize`, hand, `should not be greater than queues (${queues})`));
  else if (requiredEntropyBits(queues, hand) > MAX_HASH_BITS) {
    errs.push(fieldErr.invalid(`${path}.handSize`, hand, `required entropy bits of deckSize ${queues} and handSize ${hand} should not be greater than ${MAX_HASH_BITS}`));
  }
  return errs;
}

function validateLimitResponse(lr: Obj, path: string): FieldErrors {
  switch (lr.type) {
    case 'Reject':
      return isSet(lr.queuing) ? [fieldErr.forbidden(`${path}.queuing`, 'must be nil if limited.limitResponse.type is not Limited')] : [];
    case 'Queue':
      return isSet(lr.queuing)
        ? validateQueuing(obj(lr.queuing), `${path}.queuing`)
        : [fieldErr.required(`${path}.queuing`, 'must not be empty if limited.limitResponse.type is Limited')];
    default:
      return [fieldErr.notSupported(`${path}.type`, str(lr.type), ['Queue', 'Reject'])];
  }
}

function validatePercent(v: unknown, path: string): FieldErrors {
  const n = optNum(v);
  return n !== undefined && !(n >= 0 && n <= 100) ? [fieldErr.invalid(path, n, 'must be between 0 and 100, inclusive')] : [];
}

function validateLimited(l: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  // AllowZeroLimitedNominalConcurrencyShares is set by the v1.34 strategy: zero is allowed.
  const ncs = num(l.nominalConcurrencyShares);
  if (ncs < 0) errs.push(fieldErr.invalid(`${path}.nominalConcurrencyShares`, ncs, 'must be a non-negative integer'));
  errs.push(...validateLimitResponse(obj(l.limitResponse), `${path}.limitResponse`));
  errs.push(...validatePercent(l.lendablePercent, `${path}.lendablePercent`));
  const blp = optNum(l.borrowingLimitPercent);
  if (blp !== undefined && blp < 0) errs.push(fieldErr.invalid(`${path}.borrowingLimitPercent`, blp, 'if specified, must be a non-negative integer'));
  return errs;
}

function validateExempt(e: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const ncs = optNum(e.nominalConcurrencyShares);
  if (ncs !== undefined && ncs < 0) errs.push(fieldErr.invalid(`${path}.nominalConcurrencyShares`, ncs, 'must be a non-negative integer'));
  errs.push(...validatePercent(e.lendablePercent, `${path}.lendablePercent`));
  return errs;
}

function validatePriorityLevelSpec(spec: Obj, name: string): FieldErrors {
  const errs: FieldErrors = [];
  const type = str(spec.type);
  if ((name === 'exempt') !== (type === 'Exempt')) errs.push(fieldErr.invalid('spec.type', type, "type must be 'Exempt' if and only if name is 'exempt'"));
  switch (type) {
    case 'Exempt':
      if (isSet(spec.limited)) errs.push(fieldErr.forbidden('spec.limited', 'must be nil if the type is not Limited'));
      if (isSet(spec.exempt)) errs.push(...validateExempt(obj(spec.exempt), 'spec.exempt'));
      break;
    case 'Limited':
      if (isSet(spec.exempt)) errs.push(fieldErr.forbidden('spec.exempt', 'must be nil if the type is Limited'));
      if (!isSet(spec.limited)) errs.push(fieldErr.required('spec.limited', 'must not be empty when type is Limited'));
      else errs.push(...validateLimited(obj(spec.limited), 'spec.limited'));
      break;
    default:
      errs.push(fieldErr.notSupported('spec.type', type, ['Exempt', 'Limited']));
  }
  return errs;
}

export function validatePriorityLevelConfiguration(pl: Obj): FieldErrors {
  const name = str(obj(pl.metadata).name);
  const spec = obj(pl.spec);
  const errs = validatePriorityLevelSpec(spec, name);
  const mand = MANDATORY_PRIORITY_LEVELS[name];
  if (mand) {
    if (name === 'exempt') {
      // Only spec.exempt of the exempt level may differ from the fixed value.
      const { exempt: _ignored, ...rest } = spec;
      void _ignored;
      if (!semanticEqual(rest, mand)) errs.push(fieldErr.invalid('spec', spec, "spec of 'exempt' except the 'spec.exempt' field must equal the fixed value"));
    } else if (!semanticEqual(spec, mand)) {
      errs.push(fieldErr.invalid('spec', spec, `spec of '${name}' must equal the fixed value`));
    }
  }
  errs.push(...validateStatus(obj(pl.status)));
  return errs;
}

/** FlowSchema and PriorityLevelConfiguration updates are validated as creates. */
export const flowcontrolValidators = {
  FlowSchema: { validate: validateFlowSchema, validateUpdate: (o: Obj) => validateFlowSchema(o) },
  PriorityLevelConfiguration: { validate: validatePriorityLevelConfiguration, validateUpdate: (o: Obj) => validatePriorityLevelConfiguration(o) },
};

