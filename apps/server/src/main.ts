import { STORE_NAME } from '@store/core';
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

try {
  const config = loadConfig();
  const server = await startServer(config, { logger: true });
  // SIGTERM (a platform stopping the store): stop taking requests, let those in flight finish (money calls
  // included) up to a limit, close the database, exit.
  const stop = async () => {
    const limit = setTimeout(() => {
      console.error('Shutdown took longer than 25 s: exiting with requests still open.');
      process.exit(1);
    }, 25_000);
    limit.unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.info(`\n${STORE_NAME} is running at ${config.publicUrl}`);
  console.info(
    config.gateway.kind === 'sandbox'
      ? `Payments go to the built-in sandbox gateway (${config.publicUrl}/sandbox): no real money moves.`
      : `Payments go to CardPointe (merchant ${config.gateway.merchantId}).`,
  );
  if (server.firstAdmin?.generatedPassword) {
    console.info(
      `\nAdmin console: ${config.publicUrl}/admin\n` +
        `  First admin created. Username: ${server.firstAdmin.username}  Password: ${server.firstAdmin.generatedPassword}\n` +
        '  This password is shown only once. Change it with: npm run admin -- reset-password ' +
        server.firstAdmin.username,
    );
  } else {
    console.info(
      `Admin console: ${config.publicUrl}/admin (sign in with your admin account; ` +
        '`npm run admin -- reset-password <username>` sets a new password).',
    );
  }
  if (config.staffSecondFactor.policy !== 'off') {
    console.info(
      '  Before moving money, owners' +
        (config.staffSecondFactor.policy === 'everyone' ? ' and every other person' : ' and managers') +
        ' add an authenticator app or a passkey under Your account (STAFF_SECOND_FACTOR=off turns this off).',
    );
  }
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
