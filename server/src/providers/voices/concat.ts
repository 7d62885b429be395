/** Joins typed arrays (PCM pieces, MP3 frames) into one of the same kind: the one helper pico, espeak and the audiobook worker share. */
export function concatArrays<T extends Int16Array | Uint8Array>(parts: T[], create: (length: number) => T): T {
  const out = create(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
