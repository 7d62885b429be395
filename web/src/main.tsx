import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { commonTexts } from './app/router';
import './styles/global.css';

// The first render waits for the common texts (asked for by the HTML, they have mostly arrived with this script): the
// header and the route's loader, painted first, would otherwise suspend, and React would show them only 300 ms after the
// loader it shows meanwhile (its Suspense throttling).
void commonTexts.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
