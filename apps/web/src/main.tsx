import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { restoreLanguage } from './i18n/i18n';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
const router = createAppRouter();

registerServiceWorker();

// The remembered language is applied before the first render.
void restoreLanguage().finally(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
