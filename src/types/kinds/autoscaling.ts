// autoscaling HorizontalPodAutoscaler at v2 (preferred, stored) and v1 (a view converted
// from and to v2). Order matters: the first declaration's version is the preferred one.

import { kind, statusSubresource, type KindDef } from '../kind.js';
import { HorizontalPodAutoscaler, HorizontalPodAutoscalerV2 } from '../schemas/autoscaling.js';
import { hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.js';

const G = 'autoscaling';
const hpa = {
  group: G, kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler', shortNames: ['hpa'],
  categories: ['all'], namespaced: true, subresources: [statusSubresource()],
};

export const autoscalingKinds: KindDef[] = [
  kind({ ...hpa, version: 'v2', schema: HorizontalPodAutoscalerV2 }),
  kind({ ...hpa, version: 'v1', schema: HorizontalPodAutoscaler, storedAs: { group: G, plural: 'horizontalpodautoscalers', toStored: hpaV1ToV2, fromStored: hpaV2ToV1 } }),
];
