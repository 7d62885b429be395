import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import { appendTranscript } from './append-transcript';
import { extensionFor, levelOf, pickMimeType, randomAlphanumeric, uploadFileName } from './media';

describe('appending a transcript to the answer', () => {
  it('appends with a comma, never replacing what was typed', () => {
    expect(appendTranscript('I grew up in Lyon', 'my father was a baker')).toEqual({
      value: 'I grew up in Lyon, my father was a baker',
      truncated: false,
    });
    expect(appendTranscript('', '  Hello  world ')).toEqual({ value: 'Hello world', truncated: false });
    expect(appendTranscript('Already ended.', 'Next part')).toEqual({ value: 'Already ended. Next part', truncated: false });
    expect(appendTranscript('Trailing,', 'next')).toEqual({ value: 'Trailing, next', truncated: false });
    expect(appendTranscript('typed', '   ')).toEqual({ value: 'typed', truncated: false });
    expect(appendTranscript('one', 'two', { separator: ' ' }).value).toBe('one two');
  });

  it('keeps the 2500-character limit and says when the transcript was cut', () => {
    const typed = 'a'.repeat(ANSWER_MAX_LENGTH - 20);
    const result = appendTranscript(typed, 'the quick brown fox jumps over the lazy dog');
    expect(result.truncated).toBe(true);
    expect(result.value.length).toBeLessThanOrEqual(ANSWER_MAX_LENGTH);
    expect(result.value.startsWith(typed)).toBe(true);
    expect(result.value).toBe(`${typed}, the quick brown`);
    const full = 'b'.repeat(ANSWER_MAX_LENGTH);
    expect(appendTranscript(full, 'more')).toEqual({ value: full, truncated: true });
  });
});

describe('recording containers and names', () => {
  it('picks the first container the browser supports', () => {
    expect(pickMimeType((t) => t === 'audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4'); // Safari
    expect(pickMimeType(() => false)).toBe('');
    expect(pickMimeType(undefined)).toBe('');
    expect(
      pickMimeType(() => {
        throw new Error('old browser');
      }),
    ).toBe('');
  });

  it('names the upload: 8 alphanumerics, a timestamp, the extension', () => {
    expect(extensionFor('audio/webm;codecs=opus')).toBe('webm');
    expect(extensionFor('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionFor('audio/mp4;codecs=mp4a.40.2')).toBe('mp4');
    expect(extensionFor('audio/wav')).toBe('wav');
    const name = uploadFileName('audio/webm;codecs=opus', 1_732_240_000_000);
    expect(name).toMatch(/^[A-Za-z0-9]{8}1732240000000\.webm$/);
    expect(randomAlphanumeric(8, () => new Uint8Array([0, 1, 25, 26, 51, 52, 61, 62]))).toBe('ABZaz09A');
    expect(new Set(Array.from({ length: 20 }, () => randomAlphanumeric())).size).toBe(20);
  });

  it('turns samples into a meter level', () => {
    expect(levelOf(new Uint8Array(512).fill(128))).toBe(0);
    const loud = Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 228 : 28));
    expect(levelOf(loud)).toBe(1);
    const quiet = Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 131 : 125));
    expect(levelOf(quiet)).toBeGreaterThan(0.1);
    expect(levelOf(quiet)).toBeLessThan(0.5);
  });
});
