import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/config';

/** Recordings used by the speech tests: real ones from e2e/fixtures/voice and WAVs made to measure. */
const FIXTURES = path.join(ROOT_DIR, 'e2e/fixtures/voice');
export const readFixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** A silent 16-bit mono PCM WAV of the given length (8 kHz keeps long ones small). */
export function makeWav(seconds: number, sampleRate = 8000): Buffer {
  const dataSize = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataSize, 40);
  return Buffer.concat([header, Buffer.alloc(dataSize)]);
}

/** A multipart body as a browser would send it (FormData serialised by undici). */
export async function multipart(fields: Record<string, string>, file?: { field?: string; data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(file.field ?? 'audio', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? '' } };
}
