import { TriangleAlert } from 'lucide-react'

/**
 * The loud warning shown when the gateway's data does not hold up against what the browser recomputed
 * (hashes, signatures, decoded data): nothing may be signed from it.
 */
export function VerificationAlert({ title, problems }: { title: string; problems: readonly string[] }) {
  if (problems.length === 0) return null
  return (
    <div className="tx-alert" role="alert" data-testid="verification-alert">
      <h2>
        <TriangleAlert size={20} aria-hidden="true" /> {title}
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem} data-testid="verification-problem">
            {problem}
          </li>
        ))}
      </ul>
      <p className="small">
        Do not sign. The gateway may be compromised or faulty: check the transaction with another owner, or on
        another gateway.
      </p>
    </div>
  )
}
