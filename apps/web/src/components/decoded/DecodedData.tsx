import type { AddressEx, ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { explorerAddressUrl } from '../../lib/explorer'
import { formatTokenAmount } from '../../lib/format'
import { AddressView } from '../ui/AddressView'
import { type KnownToken, useKnownToken } from '../ui/KnownTokensContext'

/** The decoder's shape, loose enough for the SDK's two declarations and CGW's nullable fields. */
export type DecodedParameter = { name: string; type: string; value: unknown; valueDecoded?: unknown }
export type Decoded = { method: string; parameters?: readonly DecodedParameter[] | null }
type InnerTransaction = {
  operation: number
  to: string
  value?: string | null
  data: string | null
  dataDecoded?: Decoded | null
}

export type DecodedDataProps = {
  chain: ChainInfo
  decoded: Decoded
  /** The contract called: a known token's amounts read in its units ("1 cUSD", not 1000000). */
  target?: string | undefined
  /** Names of addresses found in the parameters (CGW's `addressInfoIndex`). */
  addressInfoIndex?: Record<string, AddressEx> | null | undefined
  depth?: number
}

const MAX_DEPTH = 4

const isInnerTransactions = (value: unknown): value is InnerTransaction[] =>
  Array.isArray(value) &&
  value.every(
    (item) => typeof item === 'object' && item !== null && typeof (item as InnerTransaction).to === 'string',
  )

const isDecoded = (value: unknown): value is Decoded =>
  typeof value === 'object' && value !== null && typeof (value as Decoded).method === 'string'

// ERC-20 methods whose uint256 arguments are amounts of the token called.
const TOKEN_AMOUNT_METHODS = new Set([
  'transfer',
  'transferFrom',
  'approve',
  'increaseAllowance',
  'decreaseAllowance',
  'mint',
  'burn',
  'burnFrom',
])
const MAX_UINT256 = 2n ** 256n - 1n

/**
 * A decoded call, the same on every screen (reviews, details, /verify): method and parameters, a known token's
 * amounts in its units, addresses named (address book, tokens, Safe libraries); a MultiSend lists its actions,
 * each decoded in turn.
 */
export function DecodedData({ chain, decoded, target, addressInfoIndex, depth = 0 }: DecodedDataProps) {
  const parameters = decoded.parameters ?? []
  const token = useKnownToken(target, chain.chainId)
  const amountsOf = token && TOKEN_AMOUNT_METHODS.has(decoded.method) ? token : undefined
  return (
    <div className="decoded" data-testid={depth === 0 ? 'tx-decoded' : 'tx-action-decoded'}>
      <p className="decoded-method">
        <code data-testid={depth === 0 ? 'tx-method' : 'tx-action-method'}>{decoded.method}</code>
        <span className="muted small">
          {' '}
          ({parameters.length} {parameters.length === 1 ? 'parameter' : 'parameters'})
        </span>
      </p>
      {parameters.length > 0 ? (
        <dl className="params">
          {parameters.map((parameter, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional
              key={`${parameter.name}-${index}`}
              className="param"
              data-testid="tx-param"
              data-name={parameter.name}
            >
              <dt>
                {parameter.name || `#${index}`} <span className="muted small">{parameter.type}</span>
              </dt>
              <dd>
                <ParamValue
                  chain={chain}
                  type={parameter.type}
                  value={parameter.value}
                  index={addressInfoIndex}
                  token={amountsOf}
                />
                {depth < MAX_DEPTH && isInnerTransactions(parameter.valueDecoded) ? (
                  <Actions
                    chain={chain}
                    actions={parameter.valueDecoded}
                    addressInfoIndex={addressInfoIndex}
                    depth={depth}
                  />
                ) : null}
                {depth < MAX_DEPTH && isDecoded(parameter.valueDecoded) ? (
                  <DecodedData
                    chain={chain}
                    decoded={parameter.valueDecoded}
                    addressInfoIndex={addressInfoIndex}
                    depth={depth + 1}
                  />
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  )
}

function Actions({
  chain,
  actions,
  addressInfoIndex,
  depth,
}: {
  chain: ChainInfo
  actions: InnerTransaction[]
  addressInfoIndex: DecodedDataProps['addressInfoIndex']
  depth: number
}) {
  const { symbol, decimals } = chain.nativeCurrency
  return (
    <div className="actions">
      <p className="small muted">
        {actions.length} {actions.length === 1 ? 'action' : 'actions'}
      </p>
      <ol className="action-list" data-testid="tx-actions">
        {actions.map((action, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: actions are positional
          <li key={index} className="action" data-testid="tx-action">
            <p className="action-head">
              <strong>
                {action.dataDecoded?.method ??
                  (action.data && action.data !== '0x' ? 'Contract call' : 'Transfer')}
              </strong>
              {action.value && action.value !== '0' ? (
                <span>
                  {' '}
                  · {formatTokenAmount(action.value, decimals)} {symbol}
                </span>
              ) : null}
              {action.operation === 1 ? <span className="badge warning">delegate call</span> : null}
            </p>
            <p className="small">
              to{' '}
              <AddressView
                address={action.to}
                name={addressInfoIndex?.[action.to]?.name}
                explorerUrl={explorerAddressUrl(chain, action.to)}
              />
            </p>
            {action.dataDecoded ? (
              <DecodedData
                chain={chain}
                decoded={action.dataDecoded}
                target={action.to}
                addressInfoIndex={addressInfoIndex}
                depth={depth + 1}
              />
            ) : action.data && action.data !== '0x' ? (
              <HexData data={action.data} />
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

function ParamValue({
  chain,
  type,
  value,
  index,
  token,
}: {
  chain: ChainInfo
  type: string
  value: unknown
  index: DecodedDataProps['addressInfoIndex']
  /** The token called when this is an amount of it. */
  token?: KnownToken | undefined
}) {
  if (Array.isArray(value))
    return (
      <ol className="param-array">
        {value.map((item, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: array values are positional
          <li key={position}>
            <ParamValue chain={chain} type={type.replace(/\[\d*\]$/, '')} value={item} index={index} />
          </li>
        ))}
      </ol>
    )
  if (typeof value === 'string') {
    if (type === 'address' && /^0x[0-9a-fA-F]{40}$/.test(value))
      return (
        <AddressView
          address={value}
          name={index?.[value]?.name}
          explorerUrl={explorerAddressUrl(chain, value)}
        />
      )
    if (token && type === 'uint256' && /^\d+$/.test(value))
      return (
        <code className="param-value" title={`${value} (raw)`} data-testid="tx-param-amount" data-raw={value}>
          {BigInt(value) === MAX_UINT256 ? 'Unlimited' : formatTokenAmount(value, token.decimals)}{' '}
          {token.symbol}
        </code>
      )
    if (value.startsWith('0x') && value.length > 66) return <HexData data={value} />
    return <code className="param-value">{value}</code>
  }
  return <code className="param-value">{JSON.stringify(value)}</code>
}

/** Long calldata, cut in the middle; the full value is in the tooltip. */
export function HexData({ data }: { data: string }) {
  const bytes = Math.max(0, (data.length - 2) / 2)
  return (
    <code className="param-value hex" title={data}>
      {data.length > 74 ? `${data.slice(0, 42)}…${data.slice(-32)}` : data}{' '}
      <span className="muted small">({bytes} bytes)</span>
    </code>
  )
}
