// scheduling.k8s.io printer: PriorityClass.

import type { TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, col, int, str } from './format.js';

export const priorityClassColumns: TableColumn[] = [
  col('Value', 'integer', DOCS['v1.PriorityClass.value'], (o) => int(o.value)),
  col('Global-Default', 'boolean', DOCS['v1.PriorityClass.globalDefault'], (o) => o.globalDefault === true),
  ageColumn(),
  col('PreemptionPolicy', 'string', DOCS['v1.PriorityClass.preemptionPolicy'], (o) => str(o.preemptionPolicy)),
];
