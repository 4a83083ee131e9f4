/** Renderer entry. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startEarlyReads } from './app/early-reads.ts';
import './styles.css';
import './styles/controls.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/screens.css';
import './styles/screens-more.css';
import './styles/authoring.css';
import './styles/folder-push.css';
import './styles/words.css';
import './styles/shells.css';
import './styles/courselessons.css';
import './styles/savestate.css';
import './styles/house23.css';
import './styles/trust24.css';
import './styles/outline.css';
import './styles/picker.css';

performance.mark('lectern:modules-evaluated');

// Ask for the first screen's data now, while React renders the shell, not after it.
startEarlyReads();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
