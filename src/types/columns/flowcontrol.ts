// flowcontrol.apiserver.k8s.io printers: FlowSchema and PriorityLevelConfiguration.

import type { Obj, TableColumn } from '../kind.js';
import { goStringCompare } from '../../apimachinery/validation.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, int, str } from './format.js';

export const flowSchemaColumns: TableColumn[] = [
  col('PriorityLevel', 'string', DOCS['v1.PriorityLevelConfigurationReference.name'], (o) => str(o.spec?.priorityLevelConfiguration?.name)),
  col('MatchingPrecedence', 'string', DOCS['v1.FlowSchemaSpec.matchingPrecedence'], (o) => int(o.spec?.matchingPrecedence)),
  col('DistinguisherMethod', 'string', DOCS['v1.FlowSchemaSpec.distinguisherMethod'], (o) => {
    const dm = o.spec?.distinguisherMethod;
    return dm && typeof dm === 'object' ? str(dm.type) : '<none>';
  }),
  ageColumn(),
  col('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration', (o) => {
    const c = arr(o.status?.conditions).find((x) => x?.type === 'Dangling');
    return c ? str(c.status) : '?';
  }),
];

/** FlowSchemaSequence: upstream lists FlowSchemas by matchingPrecedence, then name. */
export function flowSchemaOrder(a: Obj, b: Obj): number {
  const pa = int(a.spec?.matchingPrecedence);
  const pb = int(b.spec?.matchingPrecedence);
  if (pa !== pb) return pa - pb;
  return goStringCompare(str(a.metadata?.name), str(b.metadata?.name));
}

/** The limited level's field, or "<none>" for exempt levels (and unset queuing). */
function limited(o: Obj, read: (limited: Obj) => unknown): unknown {
  const l = o.spec?.limited;
  if (!l || typeof l !== 'object') return '<none>';
  return read(l);
}

function queuing(o: Obj, field: string, dflt: number): unknown {
  return limited(o, (l) => {
    const q = l.limitResponse?.queuing;
    return q && typeof q === 'object' ? int(q[field] ?? dflt) : '<none>';
  });
}

export const priorityLevelConfigurationColumns: TableColumn[] = [
  col('Type', 'string', DOCS['v1.PriorityLevelConfigurationSpec.type'], (o) => str(o.spec?.type)),
  // Defaults as v1 applies them: nominalConcurrencyShares 30 when unset, queuing 64/8/50.
  col('NominalConcurrencyShares', 'string', DOCS['v1.LimitedPriorityLevelConfiguration.nominalConcurrencyShares'], (o) =>
    limited(o, (l) => int(l.nominalConcurrencyShares ?? 30)),
  ),
  col('Queues', 'string', DOCS['v1.QueuingConfiguration.queues'], (o) => queuing(o, 'queues', 64)),
  col('HandSize', 'string', DOCS['v1.QueuingConfiguration.handSize'], (o) => queuing(o, 'handSize', 8)),
  col('QueueLengthLimit', 'string', DOCS['v1.QueuingConfiguration.queueLengthLimit'], (o) => queuing(o, 'queueLengthLimit', 50)),
  ageColumn(),
];
