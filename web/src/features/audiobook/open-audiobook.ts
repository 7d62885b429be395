/** Opens the audiobook page in a new window (spec section 4: the site origin prefixed when the URL is relative). */
export function openAudiobook(url: string) {
  const absolute = /^https?:\/\//.test(url) ? url : `${window.location.origin}${url.startsWith('/') ? '' : '/'}${url}`;
  window.open(absolute, '_blank', 'noopener');
}
