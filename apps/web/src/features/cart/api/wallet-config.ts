import type { WalletConfig } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

/** `GET /api/wallets/config`: how the wallet buttons are set up, and whether the sandbox wallets are in use. */
async function fetchWalletConfig(): Promise<WalletConfig> {
  return postJson<WalletConfig>('/api/wallets/config', undefined, { method: 'GET' });
}

export function useWalletConfig() {
  return useQuery({
    queryKey: ['wallet-config'],
    queryFn: fetchWalletConfig,
    // The settings change only with a restart of the store.
    staleTime: Infinity,
    retry: 1,
  });
}
