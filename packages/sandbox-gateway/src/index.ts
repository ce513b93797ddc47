export type { SqlClient } from './sql-client';
export { sandboxGatewayPlugin, type SandboxGatewayOptions } from './plugin';
export { migrateSandboxGateway } from './migrate';
export { SANDBOX_CREDENTIALS, SANDBOX_TEST_CARDS, type SandboxTestCard } from './test-cards';
export { ensureSandboxCredentials, type ApiCredentials } from './credentials';
export { SANDBOX_APPLE_MERCHANT_ID } from './wallets/sandbox-wallets';
export { setHostedPageWebhookUrl, type HostedPageWebhookPayload } from './hpp/webhook';
