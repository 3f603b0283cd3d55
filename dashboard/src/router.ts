// A small router on history.pushState (no hash): paths are the page's real URLs, so a reload or a shared link lands
// on the same page (the dashboard host answers index.html for any page path).
import { useEffect, useState } from 'preact/hooks';

const CHANGE = 'rampart:navigate';

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    window.addEventListener('popstate', on);
    window.addEventListener(CHANGE, on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener(CHANGE, on);
    };
  }, []);
  return path;
}

/** Plain clicks on internal links move within the page; modified clicks (new tab) keep the browser's way. */
export function onLinkClick(e: MouseEvent): void {
  const a = (e.target as Element).closest('a');
  if (!a || a.target || a.origin !== location.origin || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.hasAttribute('download') || a.pathname.startsWith('/session/')) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
}

const NEXT = 'rampart.next';

/** A page reached signed out that the user comes back to after signing in (a consent page: the request waits). */
export function rememberNext(path: string): void {
  sessionStorage.setItem(NEXT, path);
}

/** The remembered page (once), if any. */
export function takeNext(): string | undefined {
  const next = sessionStorage.getItem(NEXT) ?? undefined;
  sessionStorage.removeItem(NEXT);
  return next;
}
