import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@common/constants';
import { connectToasts } from '../lib/toast';

/**
 * The toasts, with the library's English labels ("Notifications Alt+T", "close") in the page's language.
 * Loaded after the first render (app.tsx), with react-toastify: toasts asked for before are shown once it
 * is mounted (web/src/lib/toast.ts).
 */
export function Toasts() {
  const { t } = useTranslation();
  // after the container's own effect has registered it with react-toastify: the calls made before are replayed
  useEffect(() => connectToasts(toast), []);
  return (
    <ToastContainer
      position="bottom-left"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      aria-label={t('notifications')}
      closeButton={({ closeToast, theme }: CloseButtonProps) => (
        <button
          type="button"
          className={`Toastify__close-button Toastify__close-button--${theme}`}
          aria-label={t('close')}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16">
            <path
              fillRule="evenodd"
              d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
            />
          </svg>
        </button>
      )}
    />
  );
}
