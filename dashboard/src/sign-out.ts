// Signing out, the same wherever it is asked for (the header's menu, the Settings page): the session route ends the
// session, then the page forgets its API clients and their tokens and shows the sign-in.
import { session } from './api/session.js';
import { useAction } from './hooks.js';
import { useApp } from './state.js';

export function useSignOut(): { busy: boolean; error: unknown; signOut: () => Promise<void> } {
  const { signedOut } = useApp();
  const action = useAction();
  const signOut = async () => {
    const ok = await action.run(async () => {
      await session.signOut();
      return true;
    });
    if (ok) signedOut();
  };
  return { busy: action.busy, error: action.error, signOut };
}
