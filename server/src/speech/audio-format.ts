/**
 * What an uploaded recording really is, read from its bytes (never from its name or declared type),
 * and how long it lasts when the container says so. WebM (Chromium, Firefox), Ogg (Firefox), MP4
 * (Safari), WAV and MP3 are recognised; anything else is refused.
 *
 * Not music-metadata (11.16.1, tried on e2e/fixtures/voice): it throws on Chromium's MediaRecorder
 * WebM ("ignore length must be a non-negative safe integer": clusters of unknown size, no Duration)
 * and reads 0.02 s for Chromium's fragmented MP4 (first fragment only) — the two recordings the
 * browser actually sends. Here a container that cannot be walked is CorruptAudioError (a 400).
 */
export type AudioFormat = 'webm' | 'ogg' | 'wav' | 'mp4' | 'mp3';

export interface AudioInfo {
  format: AudioFormat;
  /** Whole recording length in seconds, when the container tells it (null: unknown). */
  durationSeconds: number | null;
  /** Sample rate of the stream when known (WAV, MP3; Opus always decodes at 48 kHz). */
  sampleRateHertz: number | null;
  /** Codec inside the container when known ('opus', 'vorbis', 'pcm', 'aac', 'mp3'). */
  codec: string | null;
}

export const MIME_TYPES: Record<AudioFormat, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'audio/mp4',
  mp3: 'audio/mpeg',
};

export class CorruptAudioError extends Error {}

/** The container named by the first bytes, or null when it is none we accept. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 12) return null;
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && mp3Frame(bytes, 0)) return 'mp3';
  return null;
}

/** Identifies and measures a recording; throws CorruptAudioError when the container is broken. */
export function inspectAudio(bytes: Uint8Array): AudioInfo | null {
  const format = sniffAudioFormat(bytes);
  if (!format) return null;
  switch (format) {
    case 'wav':
      return inspectWav(bytes);
    case 'ogg':
      return inspectOgg(bytes);
    case 'webm':
      return inspectWebm(bytes);
    case 'mp4':
      return inspectMp4(bytes);
    case 'mp3':
      return inspectMp3(bytes);
  }
}

// ---------- WAV ----------

function inspectWav(bytes: Uint8Array): AudioInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let byteRate = 0;
  let sampleRate = 0;
  let dataSize = -1;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      if (size < 16 || offset + 8 + 16 > bytes.length) throw new CorruptAudioError('wav fmt');
      sampleRate = view.getUint32(offset + 12, true);
      byteRate = view.getUint32(offset + 16, true);
    } else if (id === 'data') {
      // streams written on the fly may carry 0 or 0xFFFFFFFF: measure what is there
      dataSize = size === 0 || size === 0xffffffff || offset + 8 + size > bytes.length ? bytes.length - offset - 8 : size;
      break;
    }
    offset += 8 + size + (size % 2);
  }
  if (!byteRate || !sampleRate || dataSize < 0) throw new CorruptAudioError('wav chunks');
  return { format: 'wav', durationSeconds: dataSize / byteRate, sampleRateHertz: sampleRate, codec: 'pcm' };
}

// ---------- Ogg ----------

function inspectOgg(bytes: Uint8Array): AudioInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  let codec: string | null = null;
  let rate = 48_000;
  let preSkip = 0;
  let lastGranule = -1;
  let pages = 0;
  while (offset + 27 <= bytes.length) {
    if (view.getUint32(offset, false) !== 0x4f676753) {
      if (pages === 0) throw new CorruptAudioError('ogg page');
      break; // trailing garbage after valid pages: keep what was measured
    }
    if (bytes[offset + 4] !== 0) throw new CorruptAudioError('ogg version');
    const segments = bytes[offset + 26];
    if (offset + 27 + segments > bytes.length) break;
    let bodySize = 0;
    for (let i = 0; i < segments; i += 1) bodySize += bytes[offset + 27 + i];
    const body = offset + 27 + segments;
    if (pages === 0) {
      const head = String.fromCharCode(...bytes.subarray(body, Math.min(body + 8, bytes.length)));
      if (head === 'OpusHead') {
        codec = 'opus';
        preSkip = body + 12 <= bytes.length ? view.getUint16(body + 10, true) : 0;
      } else if (head.slice(1, 7) === 'vorbis') {
        codec = 'vorbis';
        if (body + 16 <= bytes.length) rate = view.getUint32(body + 12, true);
      }
    }
    const low = view.getUint32(offset + 6, true);
    const high = view.getInt32(offset + 10, true);
    if (high !== -1 || low !== 0xffffffff) {
      const granule = high * 2 ** 32 + low;
      if (granule >= 0) lastGranule = granule;
    }
    pages += 1;
    offset = body + bodySize;
  }
  if (pages === 0) throw new CorruptAudioError('ogg empty');
  const duration = lastGranule > 0 && rate > 0 ? Math.max(0, lastGranule - (codec === 'opus' ? preSkip : 0)) / rate : null;
  return { format: 'ogg', durationSeconds: duration, sampleRateHertz: codec === 'opus' ? 48_000 : rate, codec };
}

// ---------- WebM / Matroska (EBML) ----------

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CODEC_ID = 0x86;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const DOC_TYPE = 0x4282;
/** Masters we walk into; every other element is skipped by its size. */
const MASTERS = new Set([SEGMENT, CLUSTER, INFO, TRACKS, TRACK_ENTRY, BLOCK_GROUP]);

function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + bytes[offset + i];
    if (bytes[offset + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, offset: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i += 1) value = value * 256 + bytes[offset + i];
  return value;
}

function inspectWebm(bytes: Uint8Array): AudioInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let timecodeScale = 1_000_000; // ns per tick
  let declaredDuration: number | null = null;
  let clusterTimecode = 0;
  let maxTimecode = -1;
  let codec: string | null = null;
  let docType = '';
  let sawSegment = false;
  let sawBlock = false;

  // a linear walk: masters are entered (their children follow), others are skipped
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    if (!id) break;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) break;
    const start = offset + id.length + size.length;
    if (id.value === EBML_HEADER) {
      const end = Math.min(bytes.length, start + size.value);
      let child = start;
      while (child < end) {
        const cid = readVint(bytes, child, true);
        const csize = cid && readVint(bytes, child + cid.length, false);
        if (!cid || !csize) break;
        const cstart = child + cid.length + csize.length;
        if (cid.value === DOC_TYPE) docType = String.fromCharCode(...bytes.subarray(cstart, Math.min(end, cstart + csize.value)));
        child = cstart + csize.value;
      }
      offset = start + size.value;
      continue;
    }
    if (MASTERS.has(id.value)) {
      if (id.value === SEGMENT) sawSegment = true;
      offset = start;
      continue;
    }
    if (size.unknown) break; // an unknown size is only legal on masters
    const end = start + size.value;
    if (end > bytes.length) {
      if (id.value === SIMPLE_BLOCK || id.value === BLOCK) break; // the last block was cut short: measure up to it
      if (!sawSegment) throw new CorruptAudioError('webm truncated');
      break;
    }
    switch (id.value) {
      case TIMECODE_SCALE:
        timecodeScale = readUint(bytes, start, size.value) || timecodeScale;
        break;
      case DURATION:
        declaredDuration = size.value === 4 ? view.getFloat32(start, false) : size.value === 8 ? view.getFloat64(start, false) : null;
        break;
      case CLUSTER_TIMECODE:
        clusterTimecode = readUint(bytes, start, size.value);
        if (clusterTimecode > maxTimecode) maxTimecode = clusterTimecode;
        break;
      case CODEC_ID:
        codec ??= String.fromCharCode(...bytes.subarray(start, end))
          .replace(/^A_/, '')
          .toLowerCase();
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        const track = readVint(bytes, start, false);
        if (track && start + track.length + 2 <= end) {
          const relative = view.getInt16(start + track.length, false);
          const at = clusterTimecode + relative;
          if (at > maxTimecode) maxTimecode = at;
          sawBlock = true;
        }
        break;
      }
      default:
        break;
    }
    offset = end;
  }
  if (docType && docType !== 'webm' && docType !== 'matroska') throw new CorruptAudioError('webm doctype');
  if (!sawSegment) throw new CorruptAudioError('webm segment');
  const scale = timecodeScale / 1e9;
  let duration: number | null = null;
  if (declaredDuration !== null && Number.isFinite(declaredDuration) && declaredDuration > 0) duration = declaredDuration * scale;
  // recorders that stream (Chromium's MediaRecorder) write no Duration: the last block's time tells
  if (sawBlock && maxTimecode >= 0) duration = Math.max(duration ?? 0, maxTimecode * scale);
  return {
    format: 'webm',
    durationSeconds: duration,
    sampleRateHertz: codec === 'opus' ? 48_000 : null,
    codec: codec === 'opus' ? 'opus' : codec,
  };
}

// ---------- MP4 (ISO BMFF) ----------

function inspectMp4(bytes: Uint8Array): AudioInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let duration: number | null = null;
  let fragmentsSeconds = 0;
  let timescale = 0;
  const walk = (from: number, to: number, depth: number) => {
    let offset = from;
    while (offset + 8 <= to) {
      let size = view.getUint32(offset, false);
      const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      let header = 8;
      if (size === 1) {
        if (offset + 16 > to) throw new CorruptAudioError('mp4 box');
        size = Number(view.getBigUint64(offset + 8, false));
        header = 16;
      } else if (size === 0) size = to - offset;
      if (size < header) throw new CorruptAudioError('mp4 box size');
      const end = Math.min(to, offset + size);
      if (offset + size > to && depth === 0 && type !== 'mdat') break; // cut at the end: stop measuring
      if (type === 'moov' || type === 'trak' || type === 'mdia' || type === 'moof' || type === 'traf')
        walk(offset + header, end, depth + 1);
      else if (type === 'mvhd' && offset + header + 24 <= end) {
        const version = bytes[offset + header];
        if (version === 1 && offset + header + 32 <= end) {
          timescale = view.getUint32(offset + header + 20, false);
          const d = Number(view.getBigUint64(offset + header + 24, false));
          if (timescale && d) duration = d / timescale;
        } else {
          timescale = view.getUint32(offset + header + 12, false);
          const d = view.getUint32(offset + header + 16, false);
          if (timescale && d && d !== 0xffffffff) duration = d / timescale;
        }
      } else if (type === 'mdhd' && offset + header + 20 <= end) {
        const version = bytes[offset + header];
        const ts = version === 1 ? view.getUint32(offset + header + 20, false) : view.getUint32(offset + header + 12, false);
        if (ts) timescale = ts;
      } else if (type === 'trun' && timescale && offset + header + 8 <= end) {
        // fragmented MP4 (Safari's MediaRecorder): add up sample durations when present
        const flags = view.getUint32(offset + header, false) & 0xffffff;
        const count = view.getUint32(offset + header + 4, false);
        let p = offset + header + 8;
        if (flags & 0x1) p += 4;
        if (flags & 0x4) p += 4;
        if (flags & 0x100) {
          const stride = 4 + (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
          for (let i = 0; i < count && p + 4 <= end; i += 1, p += stride) fragmentsSeconds += view.getUint32(p, false) / timescale;
        }
      }
      offset += size;
    }
  };
  walk(0, bytes.length, 0);
  const measured = duration ?? (fragmentsSeconds > 0 ? fragmentsSeconds : null);
  const sampleEntry = (fourcc: string) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64_000)).indexOf(fourcc, 0, 'latin1') >= 0;
  const codec = sampleEntry('Opus') ? 'opus' : sampleEntry('mp4a') ? 'aac' : null;
  return { format: 'mp4', durationSeconds: measured, sampleRateHertz: null, codec };
}

// ---------- MP3 ----------

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0];
const MP3_RATES: Record<number, number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };

function mp3Frame(bytes: Uint8Array, offset: number): { bitrate: number; sampleRate: number } | null {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[offset + 1] >> 3) & 0x3;
  const layer = (bytes[offset + 1] >> 1) & 0x3;
  const bitrateIndex = bytes[offset + 2] >> 4;
  const rateIndex = (bytes[offset + 2] >> 2) & 0x3;
  if (version === 1 || layer !== 1 || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) return null;
  const bitrate = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex] * 1000;
  return { bitrate, sampleRate: MP3_RATES[version][rateIndex] };
}

function inspectMp3(bytes: Uint8Array): AudioInfo {
  let offset = 0;
  if (String.fromCharCode(...bytes.subarray(0, 3)) === 'ID3') {
    if (bytes.length < 10) throw new CorruptAudioError('id3');
    offset = 10 + (((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f));
  }
  // the first frame within a few KB of the tag
  let frame: ReturnType<typeof mp3Frame> = null;
  const limit = Math.min(bytes.length, offset + 8192);
  for (; offset < limit && !frame; offset += 1) frame = mp3Frame(bytes, offset);
  if (!frame) throw new CorruptAudioError('mp3 frame');
  // constant-bitrate estimate (variable-bitrate files are bounded by size instead)
  return { format: 'mp3', durationSeconds: ((bytes.length - offset) * 8) / frame.bitrate, sampleRateHertz: frame.sampleRate, codec: 'mp3' };
}
