import './primitives.css'
import { Check, Copy, X } from 'lucide-react'
import { useEffect, useState } from 'react'

const COPIED_MS = 1500

export type CopyButtonProps = {
  value: string
  /** What is copied, for screen readers: "Copy address". */
  label?: string
  testId?: string
}

/** A small button that copies `value` to the clipboard and says so for a moment. */
export function CopyButton({ value, label = 'Copy', testId = 'copy-button' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), COPIED_MS)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label}
      title={state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : label}
      data-testid={testId}
      data-value={value}
      onClick={(event) => {
        // Copy buttons may sit in clickable rows: copying must not activate the row.
        event.preventDefault()
        event.stopPropagation()
        navigator.clipboard.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }}
    >
      {state === 'idle' ? (
        <Copy size={12} aria-hidden="true" />
      ) : state === 'copied' ? (
        <Check size={12} aria-hidden="true" />
      ) : (
        <X size={12} aria-hidden="true" />
      )}
    </button>
  )
}
