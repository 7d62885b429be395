import { CREDENTIALS_IV_BYTES } from '@common/constants';

/**
 * "Remember me": the e-mail address (never the password — docs/decisions/0002) kept encrypted with
 * AES-GCM (12-byte iv) as `{iv: number[], encrypted: number[]}` in local storage. The key is a
 * non-extractable CryptoKey kept in IndexedDB, so the stored value alone reveals nothing.
 */
const STORAGE_KEY = 'remembered_credentials';
const DB_NAME = 'plume';
const STORE = 'keys';
const KEY_ID = 'remember-me';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = run(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error);
      }),
  );
}

async function key(create: boolean): Promise<CryptoKey | null> {
  const existing = await idb<CryptoKey | undefined>('readonly', (s) => s.get(KEY_ID));
  if (existing || !create) return existing ?? null;
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await idb('readwrite', (s) => s.put(fresh, KEY_ID));
  return fresh;
}

export async function rememberEmail(email: string): Promise<void> {
  try {
    const cryptoKey = await key(true);
    if (!cryptoKey) return;
    const iv = crypto.getRandomValues(new Uint8Array(CREDENTIALS_IV_BYTES));
    const encrypted = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, new TextEncoder().encode(JSON.stringify({ email })));
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ iv: Array.from(iv), encrypted: Array.from(new Uint8Array(encrypted)) }));
  } catch {
    // no IndexedDB or WebCrypto (private mode, old browser): simply nothing is remembered
  }
}

export async function recallEmail(): Promise<string | null> {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const { iv, encrypted } = JSON.parse(raw) as { iv: number[]; encrypted: number[] };
    const cryptoKey = await key(false);
    if (!cryptoKey) return null;
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(iv) }, cryptoKey, new Uint8Array(encrypted));
    const value = JSON.parse(new TextDecoder().decode(plain)) as { email?: unknown };
    return typeof value.email === 'string' ? value.email : null;
  } catch {
    forgetEmail();
    return null;
  }
}

export function forgetEmail(): void {
  localStorage.removeItem(STORAGE_KEY);
}
