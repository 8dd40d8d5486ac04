// policy/v1 printer: PodDisruptionBudget.

import type { TableColumn } from '../kind.js';
import { ageColumn, col, int, intOrString } from './format.js';

function orNA(v: unknown): string {
  return v === undefined || v === null ? 'N/A' : intOrString(v);
}

export const podDisruptionBudgetColumns: TableColumn[] = [
  col('Min Available', 'string', 'The minimum number of pods that must be available.', (o) => orNA(o.spec?.minAvailable)),
  col('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.', (o) => orNA(o.spec?.maxUnavailable)),
  col('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.', (o) => int(o.status?.disruptionsAllowed)),
  ageColumn(),
];
