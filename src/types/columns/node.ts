// node.k8s.io printer: RuntimeClass.

import type { TableColumn } from '../kind.js';
import { ageColumn, col, str } from './format.js';

export const runtimeClassColumns: TableColumn[] = [
  // Upstream takes this description from ObjectMeta's docs, which have no "handler" key.
  col('Handler', 'string', '', (o) => str(o.handler)),
  ageColumn(),
];
