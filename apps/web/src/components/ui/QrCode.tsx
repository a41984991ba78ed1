import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = {
  value: string
  /** Width and height in pixels. */
  size?: number
  label: string
}

/**
 * A QR code drawn as one SVG path (dark modules on white, whatever the theme: scanners need the contrast),
 * with a 4-module quiet zone as the standard asks.
 */
export function QrCode({ value, size = 200, label }: QrCodeProps) {
  const { path, width } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 })
    let d = ''
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, width: qr.size }
  }, [value])
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-value={value}
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
