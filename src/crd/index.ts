// CustomResourceDefinitions, served end to end: the CRD kind's rules, the controllers that
// turn established CRDs into served resources, and the OpenAPI of those resources.

import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { CrdController, type CrdControllerOptions } from './controller.js';
import { installCrdStrategy } from './crd-strategy.js';
import { CRD_GROUP, CRD_PLURAL } from './types.js';

export { customResourceDefinitions } from './openapi.js';
export { customResourceOf, type CustomResource } from './kind.js';
export { validateCrd, validateCrdUpdate } from './validation.js';

export class CustomResourceDefinitions {
  readonly controller: CrdController | undefined;

  /** Adds the CRD rules to the catalog's CRD declaration; the controller starts with start(). */
  constructor(registry: Registry, log: Logger, opts: CrdControllerOptions = {}) {
    const crd = registry.catalog.lookup(CRD_GROUP, 'v1', CRD_PLURAL);
    if (!crd) return;
    installCrdStrategy(crd.def);
    this.controller = new CrdController(registry, log, opts);
  }

  /** Serve every established CRD; resolves when the stored CRDs have been looked at. */
  async start(): Promise<void> {
    await this.controller?.start();
  }

  stop(): void {
    this.controller?.stop();
  }

  /** Resolves when the controllers have nothing left to do (for tests). */
  async idle(): Promise<void> {
    await this.controller?.idle();
  }
}
