import { createMp3Encoder } from 'wasm-media-encoders';

/** A short real MP3 (a 220 Hz tone, 44.1 kHz mono): what the voice stand-ins answer for speech. */
export async function toneMp3(seconds: number, sampleRate = 44_100, bitrate: 128 | 64 = 128): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate });
  const pcm = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < pcm.length; i += 1) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / sampleRate);
  const parts = [Buffer.from(encoder.encode([pcm])), Buffer.from(encoder.finalize())];
  return Buffer.concat(parts);
}

/** The multipart form of a stand-in request (undici parses it as a real server would). */
export async function readForm(raw: Buffer, contentType: string | undefined): Promise<FormData | null> {
  try {
    return await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': contentType ?? '' },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    return null;
  }
}
