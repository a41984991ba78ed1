// How long each step of `npm start` took, printed after the URL as `Start-up: …` (bench:stack reads it).

declare global {
  /** Set by scripts/run.mjs: the time it took to find (or rebuild) the bundle, and whether it rebuilt it. */
  var concordStartupMs: { bundle: number; rebuilt: boolean } | undefined
}

export type Phases = {
  /** Times `work` as `name` (phases may overlap: the database opens while the devnet starts). */
  time<T>(name: string, work: () => Promise<T> | T): Promise<T>
  /** `name 0.42 s, …` in the order the phases started. */
  summary(): string
}

export function startupPhases(now: () => number = () => performance.now()): Phases {
  const done: [string, number][] = []
  const run = globalThis.concordStartupMs
  // performance.now() counts from the process's start: what ran before this module is Node's boot and imports.
  const loaded = now()
  if (run) done.push([run.rebuilt ? 'bundle (rebuilt)' : 'bundle check', run.bundle / 1000])
  done.push(['node boot, module loading', (loaded - (run?.bundle ?? 0)) / 1000])
  return {
    async time(name, work) {
      const t0 = now()
      const slot: [string, number] = [name, 0]
      done.push(slot)
      try {
        return await work()
      } finally {
        slot[1] = (now() - t0) / 1000
      }
    },
    summary: () => done.map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`).join(', '),
  }
}
