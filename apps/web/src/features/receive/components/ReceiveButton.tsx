import './receive.css'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { AddressView } from '../../../components/ui/AddressView'
import { explorerAddressUrl } from '../../../lib/explorer'

// The QR encoder loads when the dialog first opens, not with every page that has a Receive button.
const QrCode = lazy(() => import('../../../components/ui/QrCode').then((m) => ({ default: m.QrCode })))

export type ReceiveButtonProps = { chain: ChainInfo; address: string; className?: string }

/** "Receive": a dialog with the Safe's address as a QR code, with copy, for sending funds to it. */
export function ReceiveButton({ chain, address, className = 'button' }: ReceiveButtonProps) {
  const [open, setOpen] = useState(false)
  const dialogRef = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = dialogRef.current
    if (open && dialog && !dialog.open) dialog.showModal()
  }, [open])
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="receive-button">
        Receive
      </button>
      {open ? (
        <dialog
          ref={dialogRef}
          className="receive-dialog"
          aria-labelledby="receive-title"
          data-testid="receive-dialog"
          onClose={() => setOpen(false)}
        >
          <h2 id="receive-title">Receive</h2>
          <p className="muted small">
            Send only assets on <strong>{chain.chainName}</strong> to this Safe. Funds sent on another chain
            may be lost.
          </p>
          <div className="receive-qr">
            <Suspense fallback={<div className="qr-code skeleton" style={{ width: 200, height: 200 }} />}>
              <QrCode value={address} label={`QR code of the Safe address ${address}`} />
            </Suspense>
          </div>
          <AddressView
            address={address}
            explorerUrl={explorerAddressUrl(chain, address)}
            testId="receive-address"
          />
          <p className="muted small">
            With chain prefix: <code>{`${chain.shortName}:${address}`}</code>
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              Close
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  )
}
