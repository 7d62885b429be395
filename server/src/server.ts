import { buildApp } from './app';
import { loadConfig } from './config';
import { installProcessGuard } from './http/process-guard';
import { listen, StartError } from './listen';

const config = loadConfig();
const app = await buildApp(config);

/**
 * Graceful close: no new connections, idle keep-alive ones closed at once, in-flight requests get
 * SHUTDOWN_TIMEOUT_MS to finish; past it every connection is cut and the process exits, which also
 * aborts any outside-provider call still waiting.
 */
const close = (code: number) => {
  const deadline = setTimeout(() => {
    app.log.warn(`requests still running after ${config.SHUTDOWN_TIMEOUT_MS} ms: cutting them`);
    app.server.closeAllConnections();
    process.exit(code || 1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  deadline.unref();
  return app.close().then(
    () => process.exit(code),
    () => process.exit(1),
  );
};
installProcessGuard(process, { log: app.log, giveUp: () => void close(1) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    void close(0);
  });
}

try {
  const address = await listen(app, config.PORT, config.HOST);
  app.log.info(`Plume is ready on ${address}${address === config.PUBLIC_URL ? '' : ` (links in e-mails use ${config.PUBLIC_URL})`}`);
} catch (error) {
  if (!(error instanceof StartError)) throw error;
  console.error(`Plume cannot start: ${error.message}`);
  await app.close();
  process.exit(1);
}
