import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSignedIn } from './app/preload';
import { restoreLanguage } from './i18n';
import { captureUncaughtErrors } from './stores/errorLog';
import { useSession } from './stores/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (import.meta.env.PROD) captureUncaughtErrors();

// The stored language's texts load beside the first paint: the sign-in page has its texts in every language,
// and the pages behind sign-in wait for them (app/router.tsx).
restoreLanguage().catch(() => undefined);
// Signed in already (a reload, a new tab): the shell and the landing page load beside the entry, not after it.
if (useSession.getState().token) void preloadSignedIn();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
