import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

try {
  const config = loadConfig();
  const server = await startServer(config, { logger: true });
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.info(`\nOffice Supplies Store is running at ${config.publicUrl}`);
  console.info(
    config.gateway.kind === 'sandbox'
      ? `Payments go to the built-in sandbox gateway (${config.publicUrl}/sandbox): no real money moves.`
      : `Payments go to CardPointe (merchant ${config.gateway.merchantId}).`,
  );
  console.info(
    config.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL).'
      : `Database: embedded PGlite in ${config.dataDir}.`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
