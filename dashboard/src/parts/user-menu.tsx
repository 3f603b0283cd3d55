// The signed-in user in the header, as a menu button (WAI-ARIA APG "Menu Button"): who is signed in, a link to
// Settings and Sign out. Enter, Space or ↓ opens it on its first item (↑: on its last); ↑ ↓ Home End move within it;
// Escape closes it and gives focus back to the button; Tab, a click elsewhere or choosing an item closes it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useSignOut } from '../sign-out.js';
import { useApp } from '../state.js';
import { ErrorNote } from './ui.js';

export function UserMenu() {
  const { me } = useApp();
  const out = useSignOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  /** Which item takes focus once the menu is drawn. */
  const start = useRef<'first' | 'last'>('first');

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const show = (at: 'first' | 'last') => {
    start.current = at;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    (start.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at < 0 ? -1 : at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(-1);
    else if (e.key === 'Tab') setOpen(false);
    else if (e.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // A link answers Enter by itself; in a menu Space chooses it too.
      e.preventDefault();
      document.activeElement.click();
    }
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const signOut = () => {
    if (!out.busy) void out.signOut();
  };

  return (
    <div class="user-menu" ref={root} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        id="user-menu-button"
        class="user-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'user-menu' : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKey}
      >
        <span class="avatar" aria-hidden="true">
          {initial(me.user.email)}
        </span>
        <span class="sr-only">Signed in as </span>
        <span class="who">{me.user.email}</span>
        <span class="caret" aria-hidden="true" />
      </button>
      {open ? (
        <div class="user-pop">
          <div class="user-pop-head">
            <span class="muted small">Signed in as</span>
            <strong class="user-email" data-testid="menu-user">
              {me.user.email}
            </strong>
            {me.customer.name && me.customer.name !== me.user.email ? <span class="muted small">{me.customer.name}</span> : null}
          </div>
          <div role="menu" id="user-menu" aria-labelledby="user-menu-button" ref={menu} onKeyDown={onMenuKey}>
            <a role="menuitem" tabIndex={-1} href="/settings" class="menu-item" onClick={() => setOpen(false)}>
              Settings
            </a>
            <button role="menuitem" tabIndex={-1} type="button" class="menu-item" aria-busy={out.busy ? 'true' : undefined} onClick={signOut}>
              {out.busy ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
          <ErrorNote error={out.error} />
        </div>
      ) : null}
    </div>
  );
}

function initial(email: string): string {
  return (email.trim()[0] ?? '?').toUpperCase();
}
