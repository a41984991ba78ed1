import { useEffect, useState } from 'react'

/**
 * The chain's time now, in Unix seconds, ticking every second: the head's timestamp the gateway answered with,
 * plus the time elapsed since (a devnet's clock may run ahead of the browser's, so the browser's is not used).
 */
export function useChainNow(headTime: number | undefined, answeredAt: number): number | undefined {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1_000)
    return () => clearInterval(timer)
  }, [])
  if (headTime === undefined) return undefined
  return headTime + Math.max(0, Math.floor((Date.now() - answeredAt) / 1_000))
}
