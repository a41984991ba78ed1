// Date labels of the history: which day a timestamp falls on, in the zone the client asked for.

/** Day key of a timestamp (ms) in the requested zone: IANA name, or a fixed offset in ms. */
export function dayKey(timestampMs: number, tz: { timezone?: string; offsetMs: number }): string {
  if (tz.timezone)
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: tz.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(timestampMs)
  return new Date(timestampMs + tz.offsetMs).toISOString().slice(0, 10)
}
