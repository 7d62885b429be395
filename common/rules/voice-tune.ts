/**
 * The offline voice matched to the author's sample (issue 13 item 4): the sample's pitch (median
 * fundamental frequency of its voiced frames, by autocorrelation) and pace (syllable nuclei — peaks
 * of the loudness envelope — per second of speech), mapped to the offline voice's pitch and speed
 * levels. Shared: the server measures WAV samples, the browser measures what it recorded
 * (decodeAudioData) and sends the measurement with createVoiceModel.
 */
export interface VoiceMeasure {
  /** Median fundamental frequency in Hz, null when no voiced frame was found. */
  f0_hz: number | null;
  /** Syllables per second of speech, null when there was no speech. */
  syllables_per_second: number | null;
}

/** Pitch and pace in percent of the offline voice's own (100 = unchanged). */
export interface VoiceTuneLevels {
  pitch: number;
  speed: number;
}

/** The offline voices (Pico's and espeak-ng's default) speak around this pitch and pace. */
export const OFFLINE_VOICE_F0_HZ = 190;
export const OFFLINE_VOICE_SYLLABLES_PER_SECOND = 4.5;
/** Beyond these levels intelligibility suffers (stack notes: ±3 semitones of shifting already hurt). */
export const TUNE_LIMITS = { pitch: [60, 140], speed: [70, 140] } as const;

const MIN_F0 = 70;
const MAX_F0 = 400;

/** Analysis runs at most at this rate, on at most this many frames for the pitch: a 2-minute sample takes a fraction of a second. */
const ANALYSIS_RATE = 16_000;
const MAX_PITCH_FRAMES = 400;

export function measureVoice(input: Float32Array, inputRate: number): VoiceMeasure {
  // 0. down to ~16 kHz by averaging (a low-pass enough for voices under 400 Hz)
  const factor = Math.max(1, Math.floor(inputRate / ANALYSIS_RATE));
  const sampleRate = inputRate / factor;
  const pcm = factor === 1 ? input : new Float32Array(Math.floor(input.length / factor));
  if (factor > 1)
    for (let i = 0; i < pcm.length; i += 1) {
      let sum = 0;
      for (let j = 0; j < factor; j += 1) sum += input[i * factor + j];
      pcm[i] = sum / factor;
    }
  // 1. pitch: 40 ms frames every 20 ms, loud enough, with a clear autocorrelation peak
  const frame = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.02);
  const minLag = Math.floor(sampleRate / MAX_F0);
  const maxLag = Math.ceil(sampleRate / MIN_F0);
  const energies: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + frame; i += 1) energy += pcm[i] * pcm[i];
    energies.push(Math.sqrt(energy / frame));
  }
  const loudest = energies.reduce((max, e) => Math.max(max, e), 0);
  if (loudest === 0) return { f0_hz: null, syllables_per_second: null };
  const speaking = (e: number) => e > loudest * 0.1;
  const pitches: number[] = [];
  const voicedFrames = energies.map((energy, index) => (speaking(energy) ? index : -1)).filter((index) => index >= 0);
  const stride = Math.max(1, Math.ceil(voicedFrames.length / MAX_PITCH_FRAMES));
  voicedFrames.forEach((index, n) => {
    if (n % stride !== 0) return;
    const start = index * hop;
    let zero = 0;
    for (let i = start; i < start + frame; i += 1) zero += pcm[i] * pcm[i];
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= Math.min(maxLag, frame - 1); lag += 1) {
      let sum = 0;
      for (let i = start; i + lag < start + frame; i += 1) sum += pcm[i] * pcm[i + lag];
      const normalized = sum / zero;
      if (normalized > best) {
        best = normalized;
        bestLag = lag;
      }
    }
    if (best > 0.5 && bestLag > 0) pitches.push(sampleRate / bestLag);
  });
  pitches.sort((a, b) => a - b);
  const f0 = pitches.length ? pitches[Math.floor(pitches.length / 2)] : null;

  // 2. pace: peaks of the smoothed loudness envelope, at least 100 ms apart, per second of speech
  const smooth = energies.map((_, i) => {
    const window = energies.slice(Math.max(0, i - 2), i + 3);
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
  const speechFrames = smooth.filter(speaking).length;
  let peaks = 0;
  let lastPeak = -Infinity;
  for (let i = 1; i < smooth.length - 1; i += 1) {
    if (!speaking(smooth[i]) || smooth[i] < smooth[i - 1] || smooth[i] < smooth[i + 1]) continue;
    // a nucleus stands out of the valley before it
    const valley = Math.min(...smooth.slice(Math.max(0, i - 10), i));
    if (smooth[i] - valley < smooth[i] * 0.25 || (i - lastPeak) * 0.02 < 0.1) continue;
    peaks += 1;
    lastPeak = i;
  }
  const speechSeconds = (speechFrames * hop) / sampleRate;
  return {
    f0_hz: f0 === null ? null : Math.round(f0),
    syllables_per_second: speechSeconds > 0 ? Math.round((peaks / speechSeconds) * 100) / 100 : null,
  };
}

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.round(Math.min(high, Math.max(low, value)));

/** The offline voice's levels for a measured sample (100 %, 100 % when nothing could be measured). */
export function tuneFor(measure: VoiceMeasure | null): VoiceTuneLevels {
  return {
    pitch: measure?.f0_hz ? clamp((measure.f0_hz / OFFLINE_VOICE_F0_HZ) * 100, TUNE_LIMITS.pitch) : 100,
    speed: measure?.syllables_per_second
      ? clamp((measure.syllables_per_second / OFFLINE_VOICE_SYLLABLES_PER_SECOND) * 100, TUNE_LIMITS.speed)
      : 100,
  };
}
