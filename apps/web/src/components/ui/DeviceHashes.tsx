import './primitives.css'
import { CopyButton } from './CopyButton'

export type DeviceHashRow = { label: string; value: string; testId: string }

export type DeviceHashesProps = {
  /** The EIP-712 domain hash and message hash the signer's device shows, then any other hash worth comparing. */
  domainHash: string
  messageHash: string
  extra?: DeviceHashRow[]
  /** Prefix of the test ids: `${prefix}-domain-hash`, `${prefix}-message-hash`. */
  testIdPrefix?: string
}

/**
 * Hex split in groups of four, large, so a person can compare it with a device screen group by group. The groups
 * are spans without spaces between them: the text (and a copy by selection) stays the plain hex.
 */
export function ChunkedHex({ value, testId }: { value: string; testId?: string }) {
  const body = value.startsWith('0x') ? value.slice(2) : value
  const groups = body.match(/.{1,4}/g) ?? []
  return (
    <code className="chunked-hex" data-testid={testId} title={value}>
      <span className="chunked-hex-prefix">0x</span>
      {groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one value never move
        <span key={i} className={i % 2 ? 'chunked-hex-odd' : undefined}>
          {group}
        </span>
      ))}
    </code>
  )
}

/**
 * What the signer's hardware wallet will show for this EIP-712 signature (Ledger and Trezor show the domain hash
 * and the message hash when they cannot show the fields): computed in this browser, to compare before approving.
 */
export function DeviceHashes({
  domainHash,
  messageHash,
  extra = [],
  testIdPrefix = 'device',
}: DeviceHashesProps) {
  const rows: DeviceHashRow[] = [
    { label: 'Domain hash', value: domainHash, testId: `${testIdPrefix}-domain-hash` },
    { label: 'Message hash', value: messageHash, testId: `${testIdPrefix}-message-hash` },
    ...extra,
  ]
  return (
    <div className="device-hashes" data-testid="device-hashes">
      <p className="device-hashes-title">What your device will show</p>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className="device-hash-row">
            <dt>{row.label}</dt>
            <dd>
              <ChunkedHex value={row.value} testId={row.testId} />
              <CopyButton value={row.value} label={`Copy ${row.label.toLowerCase()}`} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        Computed in this browser. A hardware wallet shows the domain hash and the message hash before it
        signs: compare them group by group, and reject if any differs.
      </p>
    </div>
  )
}
