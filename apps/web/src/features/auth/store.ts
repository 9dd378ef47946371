// Who is signed in. Only the session module writes here; components read it with selectors.
import type { TOrganization, TUser } from '@knap/contracts';
import { create } from 'zustand';

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: AuthStatus;
  user: TUser | null;
  /** From GET me/organizations; empty when that call fails (the app continues with the user only). */
  organizations: TOrganization[];
  /** Why the user was signed out, when they should be told (the widget's wait for its host ran out). */
  notice: string | null;
}

export const initialAuthState: AuthState = {
  status: 'checking',
  user: null,
  organizations: [],
  notice: null,
};

export const useAuthStore = create<AuthState>()(() => initialAuthState);

export function setAuthenticated(user: TUser): void {
  useAuthStore.setState({ status: 'authenticated', user, notice: null });
}

export function setUnauthenticated(notice: string | null = null): void {
  useAuthStore.setState({ status: 'unauthenticated', user: null, organizations: [], notice });
}

export function patchUser(patch: Partial<TUser>): void {
  useAuthStore.setState((state) => (state.user ? { user: { ...state.user, ...patch } } : state));
}

export function setOrganizations(organizations: TOrganization[]): void {
  useAuthStore.setState({ organizations });
}

export const useCurrentUser = () => useAuthStore((state) => state.user);
export const useAuthStatus = () => useAuthStore((state) => state.status);
export const useAuthNotice = () => useAuthStore((state) => state.notice);
