import { expect, it } from 'vitest';
import { sessionFileKey } from './files';

it('keeps a book image under sessions/{id}/{key}', () => {
  expect(sessionFileKey(12, 'chap_3_media_1')).toBe('sessions/12/chap_3_media_1');
});
