import './primitives.css'
import { useMemo } from 'react'
import { identiconPattern } from './identicon'

export type IdenticonProps = {
  /** Address or hash the picture is derived from. */
  value: string
  /** Width and height in pixels. */
  size?: number
}

/** A small deterministic picture of an address or hash, to tell values apart at a glance. */
export function Identicon({ value, size = 20 }: IdenticonProps) {
  const pattern = useMemo(() => identiconPattern(value), [value])
  const grid = pattern.cells.length
  return (
    <svg
      className="identicon"
      width={size}
      height={size}
      viewBox={`0 0 ${grid} ${grid}`}
      shapeRendering="crispEdges"
      aria-hidden="true"
      data-testid="identicon"
    >
      <rect width={grid} height={grid} fill={pattern.background} />
      {pattern.cells.flatMap((row, y) =>
        row.map((on, x) =>
          on ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional and never reorder.
            <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill={pattern.color} />
          ) : null,
        ),
      )}
    </svg>
  )
}
