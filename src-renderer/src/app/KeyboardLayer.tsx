/**
 * Renderer. The app's keyboard layer: Ctrl/Cmd+K opens the command palette, Ctrl/Cmd+S saves the
 * open editor, `/` focuses the screen's search, `?` lists the shortcuts. Escape closes dialogs
 * (the native <dialog> does that). `/` and `?` are left alone while the user is typing.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../components/Modal.tsx';
import { notify } from '../lib/notices.ts';
import { focusScreenSearch, isTyping, runSave, SHORTCUTS } from '../lib/shortcuts.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { t } from '../lib/i18n.ts';

const anyDialogOpen = () => document.querySelector('dialog[open]') !== null;
/** A dialog other than the palette: the palette's own stays `open` until React re-renders after Escape. */
const otherDialogOpen = () => document.querySelector('dialog[open]:not([data-testid="command-palette"])') !== null;

export function KeyboardLayer() {
  const [palette, setPaletteState] = useState(false);
  // The key handler reads the palette's state here, not from a render's closure: a Ctrl+K
  // pressed before React re-renders after Escape must open it, not "close" it again.
  const paletteOpen = useRef(false);
  const setPalette = (next: boolean) => {
    paletteOpen.current = next;
    setPaletteState(next);
  };
  const [help, setHelp] = useState(false);
  // Where the focus was before a dialog opened; it goes back there when the dialog closes.
  const origin = useRef<HTMLElement | null>(null);
  const remember = () => {
    if (!anyDialogOpen())
      origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restore = () => {
    const target = origin.current;
    origin.current = null;
    // After the dialog has closed (and the browser's own focus fix-up has run).
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.altKey && !event.shiftKey && key === 'k') {
        event.preventDefault();
        if (paletteOpen.current) {
          setPalette(false);
          restore();
        } else if (!otherDialogOpen()) {
          remember();
          setPalette(true);
        }
      } else if (mod && !event.altKey && !event.shiftKey && key === 's') {
        event.preventDefault(); // never the browser's "Save page"
        if (!runSave())
          notify(
            'info',
            t({ id: 'app.keyboardLayer.nothingToSaveOnThis', defaultMessage: 'Nothing to save on this screen.' }),
          );
      } else if (mod || event.altKey || isTyping(event.target) || anyDialogOpen()) {
        return;
      } else if (event.key === '/') {
        if (focusScreenSearch()) event.preventDefault();
      } else if (event.key === '?') {
        event.preventDefault();
        remember();
        setHelp(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // Registered once: the state it needs is read through refs.
  }, []);

  return (
    <>
      <CommandPalette
        open={palette}
        onClose={(navigated) => {
          setPalette(false);
          if (!navigated) restore();
        }}
        onShowShortcuts={() => {
          setPalette(false);
          setHelp(true);
        }}
      />
      <ShortcutsDialog
        open={help}
        onClose={() => {
          setHelp(false);
          restore();
        }}
      />
    </>
  );
}

function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={t({ id: 'app.keyboardLayer.keyboardShortcuts', defaultMessage: 'Keyboard shortcuts' })}
      onClose={onClose}
      size="small"
      testId="shortcuts-dialog"
    >
      <dl className="shortcut-list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.does.id} className="shortcut-item">
            <dt>
              {shortcut.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' + '}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(shortcut.does)}</dd>
          </div>
        ))}
      </dl>
      <div className="modal-actions">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          {t({ id: 'app.keyboardLayer.close', defaultMessage: 'Close' })}
        </button>
      </div>
    </Modal>
  );
}
