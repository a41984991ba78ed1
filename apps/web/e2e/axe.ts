import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'

// axe-core (WCAG 2.0/2.1 A and AA) run in a page or in one frame of it, for the accessibility e2e tests.

export type Violation = {
  id: string
  impact: string | null
  help: string
  nodes: { target: string; summary: string }[]
}

export type AxeResult = { violations: Violation[]; contrastPasses: number }

/**
 * Runs axe on the document as it is now (or on the part `include` selects): the violations, and how many
 * elements the contrast rule passed (so a view that was not really checked cannot pass).
 */
export async function runAxe(target: Page | Frame, include?: string): Promise<AxeResult> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not restrict.
  await target.evaluate(axe.source)
  return target.evaluate(async (selector) => {
    const context = selector ? { include: [selector] } : document
    const { violations, passes } = await (window as unknown as { axe: typeof axe }).axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
    return {
      violations: violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      })),
      contrastPasses: passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0,
    }
  }, include)
}

export const describeViolations = (where: string, violations: Violation[]) =>
  violations
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target}\n    ${n.summary}`))
    .join('\n')
