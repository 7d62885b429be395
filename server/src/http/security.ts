import type { Config } from '../config';

/** Content-Security-Policy: our own origin plus the few outside services a configuration turns on. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const scripts = ["'self'"];
  const connect = ["'self'"];
  const frames = ["'self'"];
  if (config.GOOGLE_CLIENT_ID) {
    scripts.push('https://accounts.google.com');
    connect.push('https://accounts.google.com', 'https://www.googleapis.com');
    frames.push('https://accounts.google.com');
  }
  if (config.CAPTCHA_PROVIDER === 'recaptcha') {
    scripts.push('https://www.google.com', 'https://www.gstatic.com');
    frames.push('https://www.google.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    connectSrc: connect,
    frameSrc: frames,
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
