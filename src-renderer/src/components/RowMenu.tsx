/**
 * Renderer. A row's actions behind one quiet "⋯" button (no row of buttons, no red
 * Delete on every row). It follows the WAI-ARIA menu button: Enter, Space or ↓ opens it on the
 * first action, ↑ on the last; ↑/↓/Home/End move, Escape closes and gives focus back to the button,
 * Tab closes. Choosing an action closes the menu and puts focus back on the button first, so a
 * dialog the action opens returns focus there.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface RowMenuItem {
  label: string;
  /** The row's own name for the action (e.g. "move-up"); tests and focus find it by this. */
  action: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Said on hover and to screen readers when the action is disabled for a reason. */
  reason?: string | null;
  danger?: boolean;
}

interface Props {
  /** The button's accessible name, e.g. "Actions for Safety basics". */
  label: string;
  items: RowMenuItem[];
}

function useOutsideClose(open: boolean, root: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, root, close]);
}

/** Open/close, focus and keys of the menu (WAI-ARIA menu button). */
function useRowMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  useOutsideClose(open, root, close);

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
  const openAt = (where: 'first' | 'last') => {
    setOpen(true);
    requestAnimationFrame(() => {
      const all = entries();
      (where === 'first' ? all[0] : all.at(-1))?.focus();
    });
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.altKey) return; // Alt+↑/↓ belongs to the row (reordering)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToButton();
    } else if (event.key === 'Tab') close();
    else if (to[event.key] !== undefined && !event.altKey) {
      event.preventDefault();
      all[to[event.key]!]?.focus();
    }
  };
  return { open, root, button, close, openAt, closeToButton, onButtonKey, onMenuKey };
}

export function RowMenu({ label, items }: Props) {
  const menuId = useId();
  const { open, root, button, close, openAt, closeToButton, onButtonKey, onMenuKey } = useRowMenu();
  return (
    <div className="row-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small row-menu-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-row-menu
        onClick={() => (open ? close() : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul className="row-menu-list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.action} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'row-menu-item row-menu-item--danger' : 'row-menu-item'}
                data-action={item.action}
                disabled={item.disabled}
                title={item.disabled ? (item.reason ?? undefined) : undefined}
                onClick={() => {
                  closeToButton();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
