// Resident memory of a process tree, per process, read from /proc (Linux only).
import { readFileSync } from 'node:fs'

export type ProcessRss = { pid: number; role: string; rssMb: number }

/** What a process is, for the report: the devnet node, npm's own wrapper, a shell, tsx, or a Node process of ours. */
function roleOf(pid: number): string {
  const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  if (comm === 'anvil') return 'devnet (anvil)'
  if (comm === 'sh' || comm === 'bash') return 'shell'
  // npm and npx set their process title: `npm start`, `npm exec tsx …`.
  if (comm.startsWith('npm')) return 'npm'
  // tsx's, or the start bundle's (scripts/run.mjs) or the web build's if one were left running.
  if (comm === 'esbuild') return 'esbuild service'
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
  if (/tsx\/dist\/cli|\.bin\/tsx/.test(cmdline)) return 'tsx wrapper'
  return 'node (gateway)'
}

export function processTreeRss(rootPid: number): ProcessRss[] {
  const out: ProcessRss[] = []
  const stack = [rootPid]
  while (stack.length) {
    const pid = stack.pop()!
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
      out.push({ pid, role: roleOf(pid), rssMb: kb / 1024 })
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
      if (children) stack.push(...children.split(/\s+/).map(Number))
    } catch {
      // The process ended between listing and reading: it holds no memory any more.
    }
  }
  return out
}

/** One line per role (summed), then the total. */
export function formatRss(processes: ProcessRss[]): string {
  const byRole = new Map<string, number>()
  for (const p of processes) byRole.set(p.role, (byRole.get(p.role) ?? 0) + p.rssMb)
  const total = processes.reduce((n, p) => n + p.rssMb, 0)
  return `${[...byRole].map(([role, mb]) => `${role} ${mb.toFixed(0)}`).join(', ')} → total ${total.toFixed(0)} MB`
}

export const totalRss = (processes: ProcessRss[]) => processes.reduce((n, p) => n + p.rssMb, 0)

/** The resident memory of the processes of one role (summed). */
export const roleRss = (processes: ProcessRss[], role: string) =>
  totalRss(processes.filter((p) => p.role === role))
