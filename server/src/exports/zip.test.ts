import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { run, tempFile } from '../../test/export-support';
import { writeZip, zipWriterKeepingTexts } from './zip';

describe('the zip writer of the EPUB and the DOCX', () => {
  it('writes an archive that unzip tests clean and JSZip reads back byte for byte, in order', async () => {
    const entries = [
      { name: 'mimetype', data: 'application/epub+zip', store: true },
      { name: 'OEBPS/chapitre-été.xhtml', data: '<p>Œuvre « complète » — été…</p>\n'.repeat(2000) },
      { name: 'OEBPS/images/photo.jpg', data: randomBytes(200_000), store: true },
      { name: 'OEBPS/empty.css', data: '' },
    ];
    const zip = writeZip(entries, new Date('2026-11-27T13:30:42Z'));

    const { stdout } = await run('unzip', ['-t', tempFile('archive.zip', zip)]);
    expect(stdout).toContain('No errors detected');
    const read = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(Object.keys(read.files)).toEqual(entries.map((entry) => entry.name));
    for (const entry of entries) expect(Buffer.from(await read.file(entry.name)!.async('uint8array'))).toEqual(Buffer.from(entry.data));
    // the EPUB's mimetype: first, stored, right after its 30-byte header and name
    expect(zip.subarray(38, 58).toString()).toBe('application/epub+zip');
    // the next entry's name is not ASCII: its header says the name is UTF-8 (bit 11 of its flags)
    expect(zip.readUInt16LE(58 + 6) & 0x0800).toBe(0x0800);
    expect(zip.readUInt16LE(6) & 0x0800).toBe(0);
    // the text is deflated
    expect(zip.length).toBeLessThan(200_000 + 20_000);
  });

  it('takes the text files unchanged since the last archive from it, and writes the others anew', async () => {
    const chapter = (n: number, text: string) => ({ name: `OEBPS/chapter-${n}.xhtml`, data: `<p>${text}</p>\n`.repeat(500) });
    const writeZip = zipWriterKeepingTexts();
    writeZip([chapter(1, 'The orchard in May.'), chapter(2, 'The ladders.')], new Date('2026-11-28T12:00:00Z'));
    // a re-export: chapter 1 unchanged, chapter 2 edited (same name and length), then one more chapter
    const entries = [chapter(1, 'The orchard in May.'), chapter(2, 'The ladderz.'), chapter(3, 'Cider and rain.')];
    const zip = writeZip(entries, new Date('2026-11-28T12:05:00Z'));
    expect((await run('unzip', ['-t', tempFile('archive.zip', zip)])).stdout).toContain('No errors detected');
    const read = await JSZip.loadAsync(zip, { checkCRC32: true });
    for (const entry of entries) expect(await read.file(entry.name)!.async('string')).toBe(entry.data);
  });
});
