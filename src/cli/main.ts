#!/usr/bin/env node
// The `skiff` command: kube-apiserver's flags in, a running server out.
// `skiff cel ...` is the CEL playground.

import { startServer } from '../app.js';
import { createLogger } from '../util/log.js';
import { FlagError, formatFlagError, helpText, parseFlags, validateServerFlags } from './flags.js';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'cel') {
    const { runCelCommand } = await import('./cel.js');
    const { readFileSync } = await import('node:fs');
    return runCelCommand(argv.slice(1), {
      stdout: (s: string) => process.stdout.write(s),
      stderr: (s: string) => process.stderr.write(s),
      readFile: (p: string) => readFileSync(p, 'utf8'),
    });
  }
  let parsed;
  try {
    parsed = parseFlags(argv);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(formatFlagError(e));
      return 2;
    }
    throw e;
  }
  if (parsed.help) {
    process.stdout.write(helpText());
    return 0;
  }
  const problems = validateServerFlags(parsed.options, parsed.positional);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`Error: ${p}\n`);
    return 2;
  }
  const o = parsed.options;
  const logger = createLogger({ verbosity: o.v, json: o.loggingFormat === 'json' });
  const running = await startServer({
    dataDir: o.dataDir,
    securePort: o.securePort,
    bindAddress: o.bindAddress,
    tlsCertFile: o.tlsCertFile || undefined,
    tlsPrivateKeyFile: o.tlsPrivateKeyFile || undefined,
    clientCaFile: o.clientCaFile || undefined,
    tokenAuthFile: o.tokenAuthFile || undefined,
    anonymousAuth: o.anonymousAuth,
    maxRequestsInflight: o.maxRequestsInflight,
    maxMutatingRequestsInflight: o.maxMutatingRequestsInflight,
    enablePriorityAndFairness: o.enablePriorityAndFairness,
    shutdownDelayMs: o.shutdownDelayDuration,
    serviceClusterIpRange: o.serviceClusterIpRange,
    serviceNodePortRange: o.serviceNodePortRange,
    compactionIntervalMs: o.etcdCompactionInterval,
    controllers: o.controllers,
    leaderElection: {
      leaseDurationMs: o.leaderElectLeaseDuration,
      renewDeadlineMs: o.leaderElectRenewDeadline,
      retryPeriodMs: o.leaderElectRetryPeriod,
    },
    etcdServers: o.etcdServers.flatMap((x: string) => x.split(',')).filter(Boolean),
    etcdCaFile: o.etcdCafile || undefined,
    etcdCertFile: o.etcdCertfile || undefined,
    etcdKeyFile: o.etcdKeyfile || undefined,
    etcdPrefix: o.etcdPrefix,
    runtimeConfig: o.runtimeConfig,
    featureGates: o.featureGates,
    logger,
  });
  logger.info('Serving securely', { address: running.url, kubeconfig: running.kubeconfig });
  await new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = (sig: string) => {
      signals++;
      if (signals > 1) {
        logger.info('second signal: exiting now', { signal: sig });
        process.exit(1);
      }
      logger.info('shutting down', { signal: sig });
      running.stop().then(resolve, (e) => {
        logger.error('shutdown failed', e);
        resolve();
      });
    };
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`Error: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
