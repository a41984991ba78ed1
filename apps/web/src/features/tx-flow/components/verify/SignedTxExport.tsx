import type { Hex } from 'viem'
import { CopyButton } from '../../../../components/ui/CopyButton'
import { QrCode } from '../../../../components/ui/QrCode'
import { downloadText } from '../../../../lib/download'
import { signedTxFile, signedTxFileName, signedTxLink } from '../../verify/signedTx'
import type { VerifyInput } from '../../verify/verifyLink'

/** A transaction with its signatures as a file to download, a /verify link to open or copy, and its QR code. */
export function SignedTxExport({
  input,
  signatures,
  count,
  testIdPrefix,
}: {
  input: VerifyInput
  signatures: Hex
  /** How many signatures the bytes hold (for the file name). */
  count: number
  testIdPrefix: string
}) {
  const link = signedTxLink(window.location.origin, input, signatures)
  return (
    <>
      <p>
        <button
          type="button"
          className="button small-button"
          onClick={() => downloadText(signedTxFileName(input, count), signedTxFile(input, signatures))}
          data-testid={`${testIdPrefix}-download`}
        >
          Download as a file
        </button>{' '}
        <a href={link} target="_blank" rel="noreferrer" data-testid={`${testIdPrefix}-link`}>
          Open in /verify
        </a>{' '}
        <CopyButton value={link} label="Copy the link" />
      </p>
      <p>
        <code className="address" data-testid={`${testIdPrefix}-signed-link`}>
          {link}
        </code>
      </p>
      <QrCode value={link} size={220} label="The transaction with its signatures" />
    </>
  )
}
