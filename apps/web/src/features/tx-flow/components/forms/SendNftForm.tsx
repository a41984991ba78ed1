import { useId, useState } from 'react'
import { formatGatewayError } from '../../../../lib/gateway'
import { parseAddress } from '../../builders/address'
import { buildNftTransfer } from '../../builders/transfer'
import { Field } from '../Field'
import { AddressField, deliverDraft, FormShell } from './FormShell'
import type { SubmitMode, TxFlowAssets, TxFormProps } from './formTypes'

const keyOf = (address: string, id: string) => `${address.toLowerCase()}:${id}`

/** Send one of the Safe's NFTs (ERC721 safeTransferFrom). */
export function SendNftForm({
  safe,
  collectibles,
  onReview,
  onAddToBatch,
  initialCollectible,
}: TxFormProps & { collectibles: TxFlowAssets['collectibles']; initialCollectible?: string | undefined }) {
  const items = collectibles.data ?? []
  const [choice, setChoice] = useState(initialCollectible?.toLowerCase() ?? '')
  const [recipient, setRecipient] = useState('')
  const [errors, setErrors] = useState<{ nft?: string; recipient?: string }>({})
  const ids = { nft: useId(), recipient: useId() }
  const selected =
    items.find((item) => keyOf(item.address, item.id) === choice) ?? (choice === '' ? items[0] : undefined)

  const submit = (mode: SubmitMode) => {
    const to = parseAddress(recipient, 'recipient')
    setErrors({
      nft: selected ? undefined : 'Choose an NFT the Safe holds',
      recipient: to.ok ? undefined : to.error,
    })
    if (!selected || !to.ok) return
    const name = selected.name || `${selected.tokenName || selected.tokenSymbol} #${selected.id}`
    const draft = {
      call: buildNftTransfer({
        safe,
        collection: selected.address as `0x${string}`,
        recipient: to.value,
        tokenId: BigInt(selected.id),
      }),
      summary: `Send the NFT ${name} to ${to.value}`,
    }
    deliverDraft(mode, draft, { onReview, onAddToBatch })
  }

  return (
    <FormShell testId="send-nft-form" onSubmit={submit}>
      <Field
        id={ids.nft}
        label="NFT"
        error={errors.nft ?? (collectibles.error ? formatGatewayError(collectibles.error) : null)}
        testId="send-nft"
      >
        <select
          id={ids.nft}
          value={selected ? keyOf(selected.address, selected.id) : choice}
          onChange={(event) => setChoice(event.target.value)}
          disabled={items.length === 0}
          data-testid="send-nft-select"
        >
          {items.length === 0 ? (
            <option value="">{collectibles.isFetching ? 'Loading NFTs…' : 'No NFTs'}</option>
          ) : null}
          {items.map((item) => (
            <option key={keyOf(item.address, item.id)} value={keyOf(item.address, item.id)}>
              {item.name || item.tokenName || item.tokenSymbol} #{item.id}
            </option>
          ))}
        </select>
      </Field>
      {collectibles.hasMore ? (
        <button type="button" className="button" onClick={collectibles.loadMore}>
          Load more NFTs
        </button>
      ) : null}
      <AddressField
        id={ids.recipient}
        label="Recipient"
        value={recipient}
        onChange={setRecipient}
        error={errors.recipient}
        testId="nft-recipient"
      />
    </FormShell>
  )
}
