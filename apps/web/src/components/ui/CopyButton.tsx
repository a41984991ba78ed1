import './primitives.css'
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
      {state === 'idle' ? <CopyIcon /> : state === 'copied' ? '✓' : '✗'}
    </button>
  )
}

// Two overlapping sheets, drawn rather than a glyph: not every system font has one.
function CopyIcon() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <rect x="5" y="5" width="9" height="9" rx="1.5" />
      <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
    </svg>
  )
}
