// Manages admin accounts: `npm run admin -- create <username>` or `npm run admin -- reset-password <username>`.
// The password comes from ADMIN_PASSWORD, or is generated and printed once.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createAdmin, generatePassword, resetAdminPassword } from '../services/accounts/admin-auth';

const USAGE =
  'Usage: npm run admin -- create <username> | reset-password <username>\n(password from ADMIN_PASSWORD, or generated)';

const [command, username] = process.argv.slice(2);
if ((command !== 'create' && command !== 'reset-password') || !username) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const password = config.firstAdmin.password ?? generatePassword();
  try {
    if (command === 'create') await createAdmin(database.orm, username, password);
    else await resetAdminPassword(database.orm, username, password);
  } finally {
    await database.close();
  }
  console.info(
    command === 'create'
      ? `Admin ${username.toLowerCase()} created.`
      : `Password of ${username.toLowerCase()} changed; its sessions are ended.`,
  );
  if (!config.firstAdmin.password) console.info(`Password: ${password}\n(shown only once)`);
} catch (error) {
  if (error instanceof AppError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
