import { describe, expect, it } from 'vitest';
import { makePng } from '../exports/fixtures';
import { detectImageType, sessionFileKey } from './files';

describe('detectImageType', () => {
  it('reads JPEG and PNG from their first bytes, whatever the name or declared type', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectImageType(makePng(2, 2, 1))).toBe('image/png');
  });

  it('refuses everything else, truncated headers included', () => {
    for (const data of [Buffer.from('GIF89a....'), Buffer.from([0xff, 0xd8]), makePng(2, 2, 1).subarray(0, 7), Buffer.alloc(0), Buffer.from('<svg/>')]) {
      expect(detectImageType(data)).toBeNull();
    }
  });
});

it('keeps a book image under sessions/{id}/{key}', () => {
  expect(sessionFileKey(12, 'chap_3_media_1')).toBe('sessions/12/chap_3_media_1');
});
