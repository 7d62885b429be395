import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import styles from './auth.module.css';

/**
 * "Continue with Google": Google Identity Services' token popup (scope openid email profile).
 * Shown only when the server has a GOOGLE_CLIENT_ID; the script is loaded on first use.
 */
interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface TokenClient {
  requestAccessToken(): void;
}
declare global {
  interface Window {
    google?: {
      accounts?: {
        oauth2?: {
          initTokenClient(config: {
            client_id: string;
            scope: string;
            callback: (response: TokenResponse) => void;
            error_callback?: (error: unknown) => void;
          }): TokenClient;
        };
      };
    };
  }
}

let gisPromise: Promise<void> | null = null;
function loadGis(): Promise<void> {
  gisPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      gisPromise = null;
      reject(new Error('gis'));
    };
    document.head.appendChild(script);
  });
  return gisPromise;
}

export function GoogleButton({
  clientId,
  disabled,
  onToken,
}: {
  clientId: string;
  disabled?: boolean;
  onToken: (accessToken: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [loading, setLoading] = useState(false);
  async function handleClick() {
    setLoading(true);
    try {
      await loadGis();
      const oauth2 = window.google?.accounts?.oauth2;
      if (!oauth2) throw new Error('sdk');
      const client = oauth2.initTokenClient({
        client_id: clientId,
        scope: 'openid email profile',
        callback: (response) => {
          if (response.error || !response.access_token) toast.error(t('google_no_data'));
          else onToken(response.access_token);
        },
      });
      client.requestAccessToken();
    } catch {
      toast.error(t('google_sdk_not_loaded'));
    } finally {
      setLoading(false);
    }
  }
  return (
    <button type="button" className={styles.google} onClick={() => void handleClick()} disabled={disabled || loading}>
      <svg width="22" height="22" viewBox="0 0 48 48" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      {t('continue_with_google')}
    </button>
  );
}
