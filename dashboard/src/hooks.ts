import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads on mount and when `deps` change; `reload` loads again keeping the last data on screen meanwhile. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    const g = ++generation.current;
    setLoading(true);
    try {
      const v = await loadRef.current();
      if (g === generation.current) {
        setData(v);
        setError(null);
      }
    } catch (err) {
      if (g === generation.current) setError(err);
    } finally {
      if (g === generation.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    setData(undefined);
    void reload();
  }, deps);
  return { data, error, loading, reload };
}

/** Runs `tick` every `ms` while the page is visible. */
export function useEvery(ms: number, tick: () => void, deps: unknown[]): void {
  const ref = useRef(tick);
  ref.current = tick;
  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') ref.current();
    }, ms);
    return () => clearInterval(id);
  }, deps);
}

/** One async action's state: busy while it runs, its refusal kept for the error note. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async <T>(f: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await f();
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
