// Who is signed in. Only the session module writes here; components read it with selectors.
import type { TOrganization, TUser } from '@knap/contracts';
import { create } from 'zustand';

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: AuthStatus;
  user: TUser | null;
  /** From GET me/organizations; empty when that call fails (the app continues with the user only). */
  organizations: TOrganization[];
}

export const initialAuthState: AuthState = { status: 'checking', user: null, organizations: [] };

export const useAuthStore = create<AuthState>()(() => initialAuthState);

export function setAuthenticated(user: TUser): void {
  useAuthStore.setState({ status: 'authenticated', user });
}

export function setUnauthenticated(): void {
  useAuthStore.setState({ status: 'unauthenticated', user: null, organizations: [] });
}

export function patchUser(patch: Partial<TUser>): void {
  useAuthStore.setState((state) => (state.user ? { user: { ...state.user, ...patch } } : state));
}

export function setOrganizations(organizations: TOrganization[]): void {
  useAuthStore.setState({ organizations });
}

export const useCurrentUser = () => useAuthStore((state) => state.user);
export const useAuthStatus = () => useAuthStore((state) => state.status);
