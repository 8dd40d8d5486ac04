// The default class among StorageClasses or IngressClasses (upstream pkg/volume/util
// GetDefaultClass and defaultingressclass getDefaultClass): of the classes marked default,
// the newest by creationTimestamp, ties broken by the lowest name.

import type { Obj } from '../types/kind.js';

export function newestDefaultClass(classes: Obj[], isDefault: (c: Obj) => boolean): Obj | undefined {
  const time = (c: Obj) => Date.parse(String(c.metadata?.creationTimestamp ?? '')) || 0;
  return classes
    .filter(isDefault)
    .sort((a, b) => time(b) - time(a) || (String(a.metadata.name) < String(b.metadata.name) ? -1 : 1))[0];
}
