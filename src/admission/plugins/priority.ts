// Priority (upstream plugin/pkg/admission/priority/admission.go): a new pod's
// priorityClassName (or the global default class) resolves into spec.priority and
// spec.preemptionPolicy; a pod may not bring its own different values. Updates keep what
// creation set. Only one PriorityClass may be the global default.

import type { Obj } from '../../types/kind.js';
import { admissionForbidden, isResource } from '../errors.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

const GROUP = 'scheduling.k8s.io';
/** scheduling.DefaultPriorityWhenNoDefaultClassExists. */
const DEFAULT_PRIORITY = 0;

export function priority(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);

  /** The global default class; when several are (a race), the lowest value wins. */
  const defaultClass = async (): Promise<Obj | undefined> => {
    let best: Obj | undefined;
    for (const pc of await objects.list(GROUP, 'priorityclasses')) {
      if (pc.globalDefault === true && (!best || Number(best.value) > Number(pc.value))) best = pc;
    }
    return best;
  };

  const admitPod = async (a: Attributes): Promise<void> => {
    const pod = a.object;
    if (!pod) return;
    pod.spec ??= {};
    const spec = pod.spec;
    if (a.operation === 'UPDATE') {
      // Validation forbids changing them; a client that left them out keeps the stored ones.
      const old = a.oldObject?.spec ?? {};
      if (spec.priority == null && old.priority != null) spec.priority = old.priority;
      if (spec.preemptionPolicy == null && old.preemptionPolicy != null) spec.preemptionPolicy = old.preemptionPolicy;
      return;
    }
    if (a.operation !== 'CREATE') return;
    let value: number;
    let policy: string | undefined;
    if (!spec.priorityClassName) {
      const dpc = await defaultClass();
      if (dpc) {
        spec.priorityClassName = dpc.metadata.name;
        value = Number(dpc.value ?? 0);
        policy = dpc.preemptionPolicy;
      } else {
        value = DEFAULT_PRIORITY;
        policy = 'PreemptLowerPriority';
      }
    } else {
      const pc = await objects.get(GROUP, 'priorityclasses', '', String(spec.priorityClassName));
      if (!pc) throw admissionForbidden(a, `no PriorityClass with name ${spec.priorityClassName} was found`);
      value = Number(pc.value ?? 0);
      policy = pc.preemptionPolicy;
    }
    if (spec.priority != null && spec.priority !== value) {
      throw admissionForbidden(a, `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${value} from the given PriorityClass name`);
    }
    spec.priority = value;
    if (policy) {
      if (spec.preemptionPolicy != null && spec.preemptionPolicy !== policy) {
        throw admissionForbidden(a, `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`);
      }
      spec.preemptionPolicy = policy;
    }
  };

  const validateClass = async (a: Attributes): Promise<void> => {
    const pc = a.object;
    if (!pc || pc.globalDefault !== true) return;
    const dpc = await defaultClass();
    if (!dpc) return;
    if (a.operation === 'CREATE' || (a.operation === 'UPDATE' && dpc.metadata.name !== pc.metadata?.name)) {
      throw admissionForbidden(a, `PriorityClass ${dpc.metadata.name} is already marked as default. Only one default can exist`);
    }
  };

  return {
    name: 'Priority',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE',
    admit: (a) => (isResource(a, '', 'pods') ? admitPod(a) : undefined),
    validate: (a) => (isResource(a, GROUP, 'priorityclasses') && (a.operation === 'CREATE' || a.operation === 'UPDATE') ? validateClass(a) : undefined),
    start: () => objects.ready([GROUP, 'priorityclasses']),
  };
}

