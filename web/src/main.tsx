import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { i18nReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { installSessionHandlers } from './app/sessionHandlers';
import { registerNavigate } from './lib/navigation';

installSessionHandlers();
const router = createBrowserRouter(routes);
registerNavigate((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// The first render waits for the language's texts, so nothing shows untranslated
// (if they cannot be had, the app still starts and the route says what failed).
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
i18nReady.then(render, render);
