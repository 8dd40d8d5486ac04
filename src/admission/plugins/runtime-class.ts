// RuntimeClass (upstream plugin/pkg/admission/runtimeclass/admission.go): a new pod naming a
// RuntimeClass gets the class's overhead and scheduling (node selector, tolerations merged);
// a pod may not bring an overhead of its own that differs, nor a node selector that conflicts.

import { semanticEqual } from '../../registry/validation/util.js';
import type { Obj } from '../../types/kind.js';
import { admissionForbidden, isResource } from '../errors.js';
import { ObjectReader } from '../objects.js';
import { mergeTolerations } from '../tolerations.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

const sameOverhead = (a: unknown, b: unknown) => semanticEqual({ overhead: a ?? {} }, { overhead: b ?? {} });

export function runtimeClass(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);

  /** The pod's RuntimeClass; undefined when it names none. */
  const classOf = async (a: Attributes): Promise<Obj | undefined> => {
    const name = a.object?.spec?.runtimeClassName;
    if (name == null) return undefined;
    const rc = await objects.get('node.k8s.io', 'runtimeclasses', '', String(name));
    if (!rc) throw admissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(String(name))} not found`);
    return rc;
  };

  return {
    name: 'RuntimeClass',
    handles: (op) => op === 'CREATE',
    async admit(a) {
      if (!isResource(a, '', 'pods') || !a.object) return;
      const rc = await classOf(a);
      if (!rc) return;
      const spec = (a.object.spec ??= {});
      if (rc.overhead?.podFixed) {
        if (spec.overhead != null && !sameOverhead(rc.overhead.podFixed, spec.overhead)) {
          throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
        }
        spec.overhead = structuredClone(rc.overhead.podFixed);
      }
      const scheduling = rc.scheduling;
      if (!scheduling) return;
      const runtimeSelector: Record<string, string> | undefined = scheduling.nodeSelector;
      if (spec.nodeSelector == null) {
        if (runtimeSelector) spec.nodeSelector = { ...runtimeSelector };
      } else {
        for (const [key, value] of Object.entries(runtimeSelector ?? {})) {
          const podValue = spec.nodeSelector[key];
          if (podValue !== undefined && podValue !== value) {
            throw admissionForbidden(a, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${podValue}`);
          }
          spec.nodeSelector[key] = value;
        }
      }
      const merged = mergeTolerations(spec.tolerations ?? [], scheduling.tolerations ?? []);
      if (merged.length) spec.tolerations = merged;
      else delete spec.tolerations;
    },
    async validate(a) {
      if (!isResource(a, '', 'pods') || !a.object) return;
      const rc = await classOf(a);
      const overhead = a.object.spec?.overhead;
      if (rc?.overhead?.podFixed) {
        if (!sameOverhead(rc.overhead.podFixed, overhead)) throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
      } else if (overhead != null) {
        throw admissionForbidden(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
      }
    },
    start: () => objects.ready(['node.k8s.io', 'runtimeclasses']),
  };
}
