import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { commonTexts } from './app/router';
import './styles/global.css';

// The first render waits for the common texts (asked for by the HTML, they have mostly arrived with this script): the
// header and the route's loader, painted first, would otherwise suspend, and React would show them only 300 ms after the
// loader it shows meanwhile (its Suspense throttling). The render is a transition: React renders it in slices of ~5 ms,
// letting the browser in between, instead of one long task that a phone's tap would wait behind (Lighthouse's blocking time).
void commonTexts.then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
