// The gateway's answer to GET /v1/chains/{chainId}/safes/{safe}/recovery (apps/gateway's recovery module).
export type { DelayRecovery, QueuedRecovery, SafeRecovery } from '@concord/safe/recovery'
