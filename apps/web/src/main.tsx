import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { restoreLanguage } from './i18n';
import { captureUncaughtErrors } from './stores/errorLog';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (import.meta.env.PROD) captureUncaughtErrors();

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The stored language's texts first (zh-CN is bundled; the others are one small file).
void restoreLanguage().then(render, render);
