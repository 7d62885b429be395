import { describe, expect, it } from 'vitest';
import { CorruptAudioError, inspectAudio, sniffAudioFormat } from './audio-format';
import { makeWav, readFixture } from '../../test/sample-audio';

describe('audio format from magic bytes', () => {
  it('refuses what is not audio, whatever its name', () => {
    expect(sniffAudioFormat(Buffer.from('%PDF-1.7 not a recording at all'))).toBeNull();
    expect(sniffAudioFormat(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(sniffAudioFormat(Buffer.alloc(4))).toBeNull();
    expect(inspectAudio(Buffer.from('\x89PNG\r\n\x1a\n0000000000'))).toBeNull();
  });

  it('recognises WebM, Ogg, WAV, MP4 and MP3', () => {
    expect(sniffAudioFormat(readFixture('chromium-recording.webm'))).toBe('webm');
    expect(sniffAudioFormat(readFixture('chromium-recording.mp4'))).toBe('mp4');
    expect(sniffAudioFormat(readFixture('speech-en.ogg'))).toBe('ogg');
    expect(sniffAudioFormat(readFixture('speech-en.wav'))).toBe('wav');
    const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
    expect(sniffAudioFormat(mp3)).toBe('mp3');
    expect(sniffAudioFormat(Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), mp3]))).toBe('mp3');
  });
});

describe('recording length from the container', () => {
  it('reads a WAV header', () => {
    const info = inspectAudio(readFixture('speech-en.wav'));
    expect(info?.format).toBe('wav');
    expect(info?.sampleRateHertz).toBe(16000);
    expect(info?.durationSeconds).toBeCloseTo(3.45, 1);
    expect(inspectAudio(makeWav(130))?.durationSeconds).toBeCloseTo(130, 3);
  });

  it("measures Chromium's MediaRecorder WebM (no Duration element, unknown-size clusters) from its blocks", () => {
    const info = inspectAudio(readFixture('chromium-recording.webm'));
    expect(info).toMatchObject({ format: 'webm', codec: 'opus', sampleRateHertz: 48000 });
    // recorded 2.6 s + 1.0 s around a 0.5 s pause
    expect(info?.durationSeconds).toBeGreaterThan(3.0);
    expect(info?.durationSeconds).toBeLessThan(4.5);
  });

  it("measures Chromium's MP4 recording", () => {
    const info = inspectAudio(readFixture('chromium-recording.mp4'));
    expect(info?.format).toBe('mp4');
    expect(info?.durationSeconds ?? 0).toBeGreaterThan(3.0);
    expect(info?.durationSeconds ?? 99).toBeLessThan(4.5);
  });

  it('reads the last Ogg granule position', () => {
    const info = inspectAudio(readFixture('speech-en.ogg'));
    expect(info?.format).toBe('ogg');
    expect(info?.durationSeconds).toBeCloseTo(3.45, 1);
  });

  it('estimates a constant-bitrate MP3 from its first frame', () => {
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz; 16 000 bytes ≈ 1 s
    const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(15_996)]);
    const info = inspectAudio(mp3);
    expect(info?.sampleRateHertz).toBe(44100);
    expect(info?.durationSeconds).toBeCloseTo(1, 1);
  });

  it('calls a broken container corrupt', () => {
    const wav = readFixture('speech-en.wav');
    // RIFF/WAVE magic, then nonsense instead of chunks
    const broken = Buffer.concat([wav.subarray(0, 12), Buffer.from('junkjunkjunkjunkjunk')]);
    expect(() => inspectAudio(broken)).toThrow(CorruptAudioError);
    const webm = readFixture('chromium-recording.webm');
    expect(() => inspectAudio(Buffer.concat([webm.subarray(0, 4), Buffer.alloc(60, 0)]))).toThrow(CorruptAudioError);
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.from([7]), Buffer.alloc(40)]);
    expect(() => inspectAudio(ogg)).toThrow(CorruptAudioError);
    expect(() => inspectAudio(Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(200)]))).toThrow(
      CorruptAudioError,
    );
  });

  it('still measures a recording whose last block was cut short', () => {
    const webm = readFixture('chromium-recording.webm');
    const info = inspectAudio(webm.subarray(0, Math.floor(webm.length * 0.6)));
    expect(info?.format).toBe('webm');
    expect(info?.durationSeconds ?? 0).toBeGreaterThan(1);
  });
});
