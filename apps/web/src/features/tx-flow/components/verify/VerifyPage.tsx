import * as SafeTx from '@concord/safe/SafeTx'
import { safeTxHashes } from '@concord/safe/verifySafeTx'
import { type ReactNode, useId, useMemo, useState } from 'react'
import type { Hex } from 'viem'
import { CopyButton } from '../../../../components/ui/CopyButton'
import { DeviceHashes } from '../../../../components/ui/DeviceHashes'
import { QrCode } from '../../../../components/ui/QrCode'
import { decodeLocally, type LocalCall } from '../../verify/decodeLocally'
import { MAX_FILE_CHARS, readSignedTx, signedTxLink } from '../../verify/signedTx'
import {
  EMPTY_FIELDS,
  FIELD_NAMES,
  fieldsFromLink,
  parseVerifyFields,
  VERIFY_VERSIONS,
  type VerifyFields,
  type VerifyInput,
} from '../../verify/verifyLink'
import { SignaturesPanel, type VerifyWallet } from './SignaturesPanel'
import './verify.css'

export type VerifyPageProps = {
  /**
   * Where the signing part gets its wallet: the app's (gateway up) or one built for the transaction's chain alone
   * (gateway down). Without it the signatures are only listed.
   */
  renderSigning?: (p: {
    input: VerifyInput
    children: (wallet: VerifyWallet | undefined) => ReactNode
  }) => ReactNode
  /** Where this page is saved as one self-contained file (built beside the app), for a device with no server. */
  offlineFile?: { href: string; digestHref: string } | undefined
}

const initialImport = () => {
  const read = readSignedTx(typeof window === 'undefined' ? '' : window.location.hash)
  return read && !('problem' in read) ? read : undefined
}

const LABELS: Record<(typeof FIELD_NAMES)[number], string> = {
  chainId: 'Chain id',
  safe: 'Safe address',
  version: 'Safe version',
  to: 'To',
  value: 'Value (wei)',
  data: 'Data',
  operation: 'Operation (0 call, 1 delegatecall)',
  safeTxGas: 'safeTxGas',
  baseGas: 'baseGas',
  gasPrice: 'gasPrice',
  gasToken: 'Gas token',
  refundReceiver: 'Refund receiver',
  nonce: 'Nonce',
}

/** The call as decoded here, its batch actions nested, with any bytes it does not explain. */
function CallView({ call, depth = 0 }: { call: LocalCall; depth?: number }) {
  return (
    <div className="verify-call" data-testid="verify-call" data-depth={depth}>
      <p>
        {call.operation === 1 ? <strong className="error-text">DELEGATECALL </strong> : null}
        to <code>{call.to}</code>
        {call.value > 0n ? <> with {String(call.value)} wei</> : null}
        {': '}
        <strong data-testid="verify-method">
          {call.method ??
            (call.selector ? `unknown function ${call.selector}` : 'no data (a plain transfer)')}
        </strong>
      </p>
      {call.args.length ? (
        <dl className="kv small">
          {call.args.map((arg) => (
            <div key={arg.name}>
              <dt>
                {arg.name} <span className="muted">{arg.type}</span>
              </dt>
              <dd>
                <code className="address">
                  {arg.value.length > 200 ? `${arg.value.slice(0, 200)}…` : arg.value}
                </code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {call.problem ? (
        <p className="error-text" role="alert" data-testid="verify-call-problem">
          {call.problem}
        </p>
      ) : null}
      {call.actions.length ? (
        <ol className="verify-actions">
          {call.actions.map((action, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a batch's actions never move
            <li key={i}>
              <CallView call={action} depth={depth + 1} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}

/**
 * /verify: a Safe transaction's hashes and call from its fields (typed, or read from a /verify link), all
 * computed in this browser with no request to any server: the check to run on another device than the one
 * that proposed the transaction.
 */
export function VerifyPage({ renderSigning, offlineFile }: VerifyPageProps) {
  const id = useId()
  const [fields, setFields] = useState<VerifyFields>(
    () =>
      initialImport()?.fields ??
      fieldsFromLink(typeof window === 'undefined' ? '' : window.location.hash) ??
      EMPTY_FIELDS,
  )
  const [signatures, setSignaturesState] = useState<Hex>(() => initialImport()?.signatures ?? '0x')
  const [pasted, setPasted] = useState('')
  const [importProblem, setImportProblem] = useState<string | null>(null)
  const parsed = useMemo(() => parseVerifyFields(fields), [fields])
  const result = useMemo(() => {
    if (!parsed.ok) return undefined
    const { chainId, safe, tx } = parsed.value
    return {
      hashes: safeTxHashes(tx, { chainId, address: safe }),
      call: decodeLocally(tx),
      link: signedTxLink(window.location.origin, parsed.value, '0x'),
      safeTxHash: SafeTx.hash(tx, { chainId, address: safe }),
    }
  }, [parsed])

  const setSignatures = (next: Hex) => {
    setSignaturesState(next)
    // The address bar holds them too: a reload keeps the signature just added.
    if (parsed.ok)
      window.history.replaceState(null, '', signedTxLink(window.location.origin, parsed.value, next))
  }

  /** A pasted link or file contents: its fields and signatures replace the form's. */
  const importText = (value: string) => {
    const read = readSignedTx(value)
    if (!read) return false
    if ('problem' in read) {
      setImportProblem(read.problem)
      return true
    }
    setImportProblem(null)
    setFields(read.fields)
    setSignaturesState(read.signatures)
    return true
  }

  const onPaste = (value: string) => {
    setPasted(value)
    importText(value)
  }

  const onFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_FILE_CHARS) {
      setImportProblem('The file is too large to be a Safe transaction')
      return
    }
    if (!importText(await file.text())) setImportProblem('The file is not a Concord transaction')
  }

  return (
    <section className="page verify-page" data-testid="verify-page">
      <h1>Verify a Safe transaction</h1>
      <p className="muted">
        Everything below is computed in this browser from the fields you see: nothing is fetched and nothing
        is sent. Compare the hashes with your hardware wallet's screen before you approve.
      </p>
      {offlineFile ? (
        <p className="small" data-testid="verify-offline-file">
          <a href={offlineFile.href} download>
            Save this page as one file
          </a>{' '}
          to check transactions on a device that trusts no server: it works opened from disk, and its policy
          lets it load and send nothing (its <a href={offlineFile.digestHref}>sha256</a> is published with
          each build).
        </p>
      ) : null}
      <label htmlFor={`${id}-file`}>Open a transaction file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept="application/json,.json"
        onChange={(event) => void onFile(event.target.files?.[0])}
        data-testid="verify-file"
      />
      <label htmlFor={`${id}-link`}>Paste a /verify link or a transaction file's contents</label>
      <input
        id={`${id}-link`}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={pasted}
        onChange={(event) => onPaste(event.target.value)}
        placeholder="https://…/verify#chainId=…"
        data-testid="verify-paste"
      />
      {importProblem ? (
        <p className="error-text" role="alert" data-testid="verify-import-problem">
          {importProblem}
        </p>
      ) : null}
      <form className="form verify-form" onSubmit={(event) => event.preventDefault()}>
        {FIELD_NAMES.map((name) =>
          name === 'version' ? (
            <label key={name}>
              {LABELS[name]}
              <select
                value={fields.version}
                onChange={(event) => setFields({ ...fields, version: event.target.value })}
                data-testid="verify-version"
              >
                {VERIFY_VERSIONS.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <div key={name} className="verify-field">
              <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
              {name === 'data' ? (
                <textarea
                  id={`${id}-${name}`}
                  rows={3}
                  spellCheck={false}
                  value={fields.data}
                  onChange={(event) => setFields({ ...fields, data: event.target.value })}
                  data-testid="verify-data"
                />
              ) : (
                <input
                  id={`${id}-${name}`}
                  type="text"
                  spellCheck={false}
                  autoComplete="off"
                  value={fields[name]}
                  onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
                  data-testid={`verify-${name}`}
                />
              )}
            </div>
          ),
        )}
      </form>
      {parsed.ok && result ? (
        <div className="verify-result" data-testid="verify-result">
          <DeviceHashes
            domainHash={result.hashes.domainHash}
            messageHash={result.hashes.messageHash}
            extra={[{ label: 'safeTxHash', value: result.safeTxHash, testId: 'verify-safe-tx-hash' }]}
            testIdPrefix="verify"
          />
          <h2>The call</h2>
          <CallView call={result.call} />
          {(renderSigning ?? (({ children }) => children(undefined)))({
            input: parsed.value,
            children: (wallet) => (
              <SignaturesPanel
                input={parsed.value}
                safeTxHash={result.safeTxHash}
                signatures={signatures}
                onSignatures={setSignatures}
                wallet={wallet}
              />
            ),
          })}
          <h2>This transaction as a link</h2>
          <p className="small">
            <code className="address" data-testid="verify-link">
              {result.link}
            </code>{' '}
            <CopyButton value={result.link} label="Copy link" />
          </p>
          <QrCode value={result.link} size={220} label="The transaction's /verify link" />
        </div>
      ) : (
        <ul className="error-text" data-testid="verify-errors">
          {parsed.ok ? null : parsed.errors.map((error) => <li key={error}>{error}</li>)}
        </ul>
      )}
    </section>
  )
}
