import { describe, expect, it } from 'vitest';
import { measureVoice, tuneFor } from './voice-tune';

/** A synthetic "voice": a harmonic tone at f0 whose loudness rises and falls `rate` times a second (syllables), with pauses. */
function syntheticSample(f0: number, rate: number, seconds = 6, sampleRate = 16_000): Float32Array {
  const pcm = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < pcm.length; i += 1) {
    const t = i / sampleRate;
    const inPause = t % 3 > 2.5; // half a second of silence every 3 s
    const envelope = inPause ? 0 : Math.max(0, Math.sin(Math.PI * rate * t)) ** 2;
    const tone = Math.sin(2 * Math.PI * f0 * t) + 0.5 * Math.sin(4 * Math.PI * f0 * t) + 0.25 * Math.sin(6 * Math.PI * f0 * t);
    pcm[i] = 0.4 * envelope * tone;
  }
  return pcm;
}

describe('pitch and pace matched to the sample', () => {
  it('measures a low slow voice and a high quick one, and gives them different offline levels', () => {
    const low = measureVoice(syntheticSample(120, 3), 16_000);
    const high = measureVoice(syntheticSample(230, 6), 16_000);
    expect(low.f0_hz).toBeGreaterThan(110);
    expect(low.f0_hz).toBeLessThan(130);
    expect(high.f0_hz).toBeGreaterThan(215);
    expect(high.f0_hz).toBeLessThan(245);
    expect(low.syllables_per_second).toBeGreaterThan(2.5);
    expect(low.syllables_per_second).toBeLessThan(3.6);
    expect(high.syllables_per_second).toBeGreaterThan(5);
    expect(high.syllables_per_second).toBeLessThan(7);
    const lowTune = tuneFor(low);
    const highTune = tuneFor(high);
    expect(lowTune.pitch).toBeLessThan(highTune.pitch);
    expect(lowTune.speed).toBeLessThan(highTune.speed);
    expect(lowTune.speed).toBeLessThan(85);
    expect(highTune.speed).toBeGreaterThan(115);
    expect(lowTune.pitch).toBeGreaterThanOrEqual(60);
    expect(highTune.pitch).toBeGreaterThan(110);
  });

  it('measures a 48 kHz recording (the browser’s) as well', () => {
    const measure = measureVoice(syntheticSample(120, 3, 6, 48_000), 48_000);
    expect(measure.f0_hz).toBeGreaterThan(110);
    expect(measure.f0_hz).toBeLessThan(130);
  });

  it('leaves the voice as it is when nothing is heard', () => {
    expect(measureVoice(new Float32Array(16_000), 16_000)).toEqual({ f0_hz: null, syllables_per_second: null });
    expect(tuneFor(null)).toEqual({ pitch: 100, speed: 100 });
  });
});
