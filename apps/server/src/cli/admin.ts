// Manages admin accounts: `npm run admin -- create <username> [role]`, `reset-password <username>`,
// `set-role <username> <role>` or `enable <username>` (enabled again and unlocked). The password comes from
// ADMIN_PASSWORD, or is generated and printed once.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import {
  createAdmin,
  generatePassword,
  resetAdminPassword,
  setAdminRole,
} from '../services/accounts/admin-accounts';
import { enableStaffMember } from '../services/accounts/staff';

const USAGE =
  'Usage: npm run admin -- create <username> [owner|manager|clerk|viewer] | reset-password <username> | set-role <username> <role> | enable <username>\n(password from ADMIN_PASSWORD, or generated; a new admin is an owner unless a role is given)';

const [command, username, role] = process.argv.slice(2);
const known = ['create', 'reset-password', 'set-role', 'enable'].includes(command ?? '');
if (!known || !username || (command === 'set-role' && !role)) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const password = config.firstAdmin.password ?? generatePassword();
  const name = username.toLowerCase();
  try {
    if (command === 'create') await createAdmin(database.orm, username, password, role ?? 'owner');
    else if (command === 'set-role') await setAdminRole(database.orm, username, role!);
    else if (command === 'enable') await enableStaffMember(database.orm, name, 'command line');
    else await resetAdminPassword(database.orm, username, password);
  } finally {
    await database.close();
  }
  console.info(
    command === 'create'
      ? `Admin ${name} created (${role ?? 'owner'}).`
      : command === 'set-role'
        ? `${name} is now ${role}; it counts from their next request.`
        : command === 'enable'
          ? `${name} may sign in again (enabled and unlocked).`
          : `Password of ${name} changed; its sessions are ended.`,
  );
  if ((command === 'create' || command === 'reset-password') && !config.firstAdmin.password) {
    console.info(`Password: ${password}\n(shown only once)`);
  }
} catch (error) {
  if (error instanceof AppError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
