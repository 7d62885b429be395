import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@common/constants';
import type { AuthConfig } from '@common/schemas/auth';
import styles from './captcha-field.module.css';

/**
 * The register page's captcha. ALTCHA (self-hosted proof of work): the ~137 kB widget is imported
 * here only, lazily. reCAPTCHA v2: Google's script, loaded on demand. `none`: nothing.
 * `onChange` receives the solution to send as `captcha`, or undefined while unsolved.
 * Changing `generation` starts a fresh challenge (a solution counts once on the server).
 */
export function CaptchaField({
  config,
  lng,
  generation,
  invalid,
  onChange,
}: {
  config: AuthConfig;
  lng: Language;
  generation: number;
  invalid: boolean;
  onChange: (solution: string | undefined) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('auth');
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = container.current;
    if (!host || config.captcha === 'none') return;
    let cancelled = false;
    changed.current(undefined);
    host.replaceChildren();
    if (config.captcha === 'altcha') {
      void loadAltcha(lng).then(() => {
        if (cancelled) return;
        const widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', '/api/captchaChallenge');
        widget.setAttribute('language', lng);
        widget.setAttribute('name', 'captcha');
        widget.setAttribute('type', 'checkbox');
        widget.setAttribute('hidefooter', 'true');
        widget.addEventListener('statechange', (event) => {
          const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
          changed.current(detail?.state === 'verified' ? detail.payload : undefined);
        });
        host.appendChild(widget);
      });
    } else if (config.captcha === 'recaptcha' && config.recaptcha_site_key) {
      const siteKey = config.recaptcha_site_key;
      void loadRecaptcha(lng).then((grecaptcha) => {
        if (cancelled) return;
        const slot = document.createElement('div');
        host.appendChild(slot);
        grecaptcha.render(slot, {
          sitekey: siteKey,
          callback: (token: string) => changed.current(token),
          'expired-callback': () => changed.current(undefined),
        });
      });
    }
    return () => {
      cancelled = true;
      host.replaceChildren();
    };
  }, [config.captcha, config.recaptcha_site_key, lng, generation]);

  if (config.captcha === 'none') return null;
  return (
    <div
      ref={container}
      className={`${styles.captcha} ${invalid ? styles.captchaInvalid : ''}`}
      aria-label={t('captcha_label')}
      role="group"
    />
  );
}

const altchaLanguages: Record<Language, (() => Promise<unknown>) | null> = {
  en: null,
  fr: () => import('altcha/i18n/fr-fr'),
  es: () => import('altcha/i18n/es-es'),
  it: () => import('altcha/i18n/it'),
};

async function loadAltcha(lng: Language) {
  await import('altcha');
  await altchaLanguages[lng]?.().catch(() => undefined);
}

interface Grecaptcha {
  render(container: HTMLElement, options: Record<string, unknown>): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha & { ready?: (cb: () => void) => void };
    onPlumeRecaptchaLoad?: () => void;
  }
}

let recaptchaPromise: Promise<Grecaptcha> | null = null;
function loadRecaptcha(lng: Language): Promise<Grecaptcha> {
  recaptchaPromise ??= new Promise((resolve, reject) => {
    window.onPlumeRecaptchaLoad = () => resolve(window.grecaptcha as Grecaptcha);
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=onPlumeRecaptchaLoad&render=explicit&hl=${lng}`;
    script.async = true;
    script.onerror = () => {
      recaptchaPromise = null;
      reject(new Error('recaptcha'));
    };
    document.head.appendChild(script);
  });
  return recaptchaPromise;
}
