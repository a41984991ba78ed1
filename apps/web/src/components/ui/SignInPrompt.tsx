import { useSignIn } from './SignInContext'

/** Asks for a sign-in where team data is changed; shows who is signed in, with a sign-out, otherwise. */
export function SignInPrompt({ reason }: { reason: string }) {
  const signIn = useSignIn()
  if (signIn.status === 'loading') return null
  if (signIn.status === 'authenticated')
    return (
      <p className="muted small" data-testid="signed-in">
        Signed in as <code>{signIn.address}</code>{' '}
        <button type="button" className="link" onClick={() => void signIn.signOut()} data-testid="sign-out">
          Sign out
        </button>
      </p>
    )
  return (
    <p className="muted small" data-testid="sign-in-prompt">
      {reason}{' '}
      <button className="button" type="button" onClick={signIn.requestSignIn} data-testid="sign-in">
        Sign in with Ethereum
      </button>
    </p>
  )
}
