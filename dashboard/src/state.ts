// What every page needs: the session, the dashboard's settings, the chosen environment and its API client.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiClient } from './api/client.js';
import type { DashboardConfig, Environment, SessionInfo } from './api/types.js';

export interface AppState {
  config: DashboardConfig;
  me: SessionInfo;
  env: Environment;
  api: ApiClient;
  setEnv: (env: Environment) => void;
  signedOut: () => void;
}

export const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const s = useContext(AppContext);
  if (!s) throw new Error('useApp outside the signed-in app');
  return s;
}

const ENV_KEY = 'rampart.environment';

export function savedEnv(): Environment {
  return localStorage.getItem(ENV_KEY) === 'live' ? 'live' : 'sandbox';
}

export function saveEnv(env: Environment): void {
  localStorage.setItem(ENV_KEY, env);
}
