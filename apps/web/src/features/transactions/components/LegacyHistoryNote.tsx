/** Whether a Safe version (`1.1.1`, `1.3.0+L2`) is older than 1.3.0, the first whose events the indexer reads. */
export function isPreV130(version: string | null | undefined): boolean {
  const match = version?.match(/^(\d+)\.(\d+)\./)
  if (!match) return false
  const [major, minor] = [Number(match[1]), Number(match[2])]
  return major < 1 || (major === 1 && minor < 3)
}

/**
 * History of a Safe older than 1.3.0: its state comes from the chain, but those versions emit too few events
 * (no SafeSetup, no SafeReceived, no execution parameters) for the index to rebuild its history.
 */
export function LegacyHistoryNote({ version }: { version: string | null | undefined }) {
  if (!isPreV130(version)) return null
  return (
    <p className="banner small" role="note" data-testid="legacy-history-note">
      This Safe runs version {version}, older than 1.3.0. Its owners, threshold and nonce are read from the
      chain, but Safes before 1.3.0 do not emit the events a history is built from, so transactions and
      incoming funds may be missing here. Updating the Safe (Settings → Setup) makes its history complete from
      then on.
    </p>
  )
}
