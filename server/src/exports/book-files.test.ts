import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/constants';
import { typographic } from '@common/rules/typography';
import { HOSTILE, makeBookImage, SAMPLES, sampleBook } from '../../test/sample-books';
import { countPages, typesetBook } from './pdf';
import { writeEpub } from './epub/epub';
import { writeDocx } from './docx/docx';
import { bookLabels, buildBookContent } from './book';
import { epubcheck, fixtureContent, pdfText, run, tempFile, translate } from '../../test/export-support';
import { cleanText, escapeHtml } from './text';
import { XSS_CORPUS } from '../../test/xss-corpus';

describe('author text is data', () => {
  it('cleans control, bidi-override and lone-surrogate characters and escapes markup', () => {
    expect(cleanText('a\u0000b\u202Ec\uD800d\u200Be')).toBe('abc\uFFFDde');
    expect(escapeHtml('<script>"&\'</script>')).toBe('&lt;script&gt;&quot;&amp;&#39;&lt;/script&gt;');
  });
});

describe('EPUB', () => {
  it('passes EPUBCheck for a book in each language and for a hostile book', async () => {
    const books = [
      ...LANGUAGES.map((lng) => fixtureContent(lng)),
      fixtureContent('en', { hostile: true }),
      fixtureContent('it', { cover: false, photos: 0 }),
    ];
    const result = await epubcheck(await Promise.all(books.map((book) => writeEpub(book))));
    expect(result.messages).toEqual([]);
    expect(result.valid).toEqual(books.map(() => true));
  }, 600_000);

  it('keeps hostile text as text and declares the language', async () => {
    const epub = await writeEpub(fixtureContent('fr', { hostile: true }));
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(epub);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<dc:language>fr</dc:language>');
    const chapter = await zip.file('OEBPS/chapter-2.xhtml')!.async('string');
    expect(chapter).not.toContain('<img src=x');
    expect(chapter).toContain('&lt;/h1&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(Object.keys(zip.files).filter((f) => f.startsWith('OEBPS/images/') && !f.endsWith('/'))).toHaveLength(1 + 4 * 2);
    expect(Object.keys(zip.files)[0]).toBe('mimetype');
  });
});

describe('PDF', () => {
  it.each(LANGUAGES)(
    'typesets a %s book: qpdf clean, every title and accented sample in the text',
    async (lng) => {
      const book = fixtureContent(lng, { chapters: 5, wordsPerChapter: 900 });
      const { pdf, pageCount } = await typesetBook(book);
      const { text, pages, qpdf } = await pdfText(pdf);
      expect(qpdf).toContain('No syntax or stream encoding errors found');
      expect(pages).toBe(pageCount);
      // 4 500 words on A5 ≈ 15 pages of text, plus front matter and openers.
      expect(pages).toBeGreaterThan(18);
      expect(pages).toBeLessThan(40);
      for (const chapter of book.chapters) expect(text).toContain(chapter.title.replace(/\u00A0/g, ' '));
      for (const word of SAMPLES[lng].accents.split(/\s+/)) expect(text).toContain(word);
      expect(text).toContain(book.labels.contents);
      expect(text).toContain(book.labels.introduction);
    },
    300_000,
  );

  it('prints hostile text literally and embeds its fonts', async () => {
    const { pdf } = await typesetBook(fixtureContent('en', { hostile: true }));
    const { text, qpdf } = await pdfText(pdf);
    expect(qpdf).toContain('No syntax or stream encoding errors found');
    expect(text).toContain('<script>alert(“x”)</script> & <b>Bold</b>');
    expect(text).toContain('<script>document.cookie</script>');
    expect(text).toContain('Ελληνικά Русский');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/EBGaramond/);
    expect(raw).not.toMatch(/\/JavaScript|\/JS /);
  }, 300_000);

  it.each([
    ['fr', 'Ma mère disait "on ne jette pas le pain" et l\'école était loin !', '« on ne jette pas le pain »', 'l’école', 'loin !'],
    ['en', 'My mother said "waste not" and I didn\'t.', '“waste not”', 'didn’t', 'not”'],
    ['es', 'Mi madre decía "el pan no se tira".', '«el pan no se tira»', 'decía', 'tira».'],
    ['it', 'Mia nonna diceva "chi va piano va sano" e l\'aveva detto.', '«chi va piano va sano»', 'l’aveva', 'sano»'],
  ] as const)(
    'prints typographic quotes and apostrophes (%s)',
    async (lng, paragraph, quote, apostrophe, ending) => {
      const source = sampleBook(lng, { chapters: 1, wordsPerChapter: 50 });
      source.checkpoint.data[0].generated_content = paragraph;
      const book = buildBookContent({ ...source, author: 'A' }, new Map(), bookLabels(translate, lng));
      const { text } = await pdfText((await typesetBook(book)).pdf);
      const printed = text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
      for (const expected of [quote, apostrophe, ending]) expect(printed).toContain(expected);
      expect(printed).not.toMatch(/["']/);
    },
    120_000,
  );

  it.each(['a5', '6x9'] as const)(
    'prints the cover edge to edge on the first page (%s), its title on it',
    async (trim) => {
      const source = sampleBook('fr', { chapters: 1, wordsPerChapter: 50 });
      source.book_name = "L'été de Rosa";
      // a cover of another shape than the page: it is cut to fill it, never letterboxed
      const images = new Map([['cover_media_photo', makeBookImage(600, 300, 3)]]);
      const book = buildBookContent({ ...source, author: "Rosa D'Amico" }, images, bookLabels(translate, 'fr'));
      const file = tempFile('cover.pdf', (await typesetBook(book, { trim })).pdf);
      const { stdout: firstPage } = await run('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-']);
      expect(firstPage).toContain('L’été de Rosa');
      expect(firstPage).toContain('Rosa D’Amico');
      // page 1 at 10 dpi, grey: every pixel along its top edge and both side edges is the photo, not paper
      const { stdout: pgm } = await run('pdftoppm', ['-r', '10', '-gray', '-f', '1', '-l', '1', file], { encoding: 'buffer' });
      const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 20))!.map(Number);
      const pixels = pgm.subarray(pgm.length - w * h);
      const at = (x: number, y: number) => pixels[y * w + x];
      const edge = [
        ...Array.from({ length: w }, (_, x) => at(x, 0)),
        ...Array.from({ length: Math.floor(h * 0.6) }, (_, y) => at(0, y)),
        ...Array.from({ length: Math.floor(h * 0.6) }, (_, y) => at(w - 1, y)),
      ];
      expect(Math.max(...edge)).toBeLessThan(235);
    },
    120_000,
  );

  it('honours the trim size and counts pages with the same engine', async () => {
    const book = fixtureContent('fr', { chapters: 3, wordsPerChapter: 600 });
    const a5 = await typesetBook(book, { trim: 'a5' });
    const trade = await typesetBook(book, { trim: '6x9' });
    const { stdout } = await (
      await import('../../test/export-support')
    ).run('pdfinfo', [(await import('../../test/export-support')).tempFile('b.pdf', trade.pdf)]);
    expect(stdout).toMatch(/Page size:\s+432 x 648 pts/);
    expect(a5.pageCount).toBeGreaterThan(10);
    const text = SAMPLES.en.sentences.join(' ');
    const short = countPages(text, { language: 'en' });
    const long = countPages(Array(200).fill(text).join('\n'), { language: 'en' });
    expect(short).toBe(1);
    expect(long).toBeGreaterThan(20);
    expect(countPages(Array(200).fill(text).join('\n'), { language: 'en', trim: '6x9' })).toBeGreaterThan(20);
  }, 300_000);
});

describe('DOCX', () => {
  it('reads back with mammoth: same sections, photos, hostile text as text', async () => {
    const book = fixtureContent('es', { hostile: true });
    const docx = await writeDocx(book);
    const { value: text } = await mammoth.extractRawText({ buffer: docx });
    expect(text).toContain(typographic(HOSTILE.title.replace(/\u202E|\u202C/g, ''), 'es'));
    for (const chapter of book.chapters) expect(text).toContain(chapter.title);
    expect(text).toContain(book.labels.summary);
    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html.match(/<img /g)?.length).toBe(1 + 4 * 2);
    const order = [book.labels.introduction, book.chapters[0].title, book.chapters[3].title, book.labels.summary].map((t) =>
      text.lastIndexOf(t),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('is a zip that unzip and pandoc read, its XML deflated and its photos stored as they are', async () => {
    const book = fixtureContent('fr');
    const docx = tempFile('book.docx', await writeDocx(book));
    expect((await run('unzip', ['-t', docx])).stdout).toContain('No errors detected');
    // unzip -v: one line per file, its method (Stored, Defl:N) and its name last
    const listed = (await run('unzip', ['-v', docx])).stdout.split('\n').filter((line) => /^\s*\d+\s+(Stored|Defl)/.test(line));
    const media = listed.filter((line) => line.includes('word/media/'));
    expect(media).toHaveLength(1 + 4 * 2);
    for (const line of media) expect(line).toMatch(/^\s*\d+\s+Stored\s/);
    for (const line of listed.filter((line) => line.endsWith('.xml'))) expect(line).toMatch(/\sDefl:N\s/);
    const { stdout: text } = await run('pandoc', ['-f', 'docx', '-t', 'plain', '--wrap=none', docx]);
    for (const chapter of book.chapters) expect(text).toContain(chapter.title);
  });
});

/** Issue 19 item 4: the relatives whose memories the author kept are credited on a page of their own. */
describe('the contributors page', () => {
  const credits = [
    { name: 'Marie', relation: 'ma sœur' },
    { name: 'Paul', relation: 'mon fils' },
  ];

  it("PDF: a page titled in the book's language, listed in the contents, one relative a line; none without credits", async () => {
    const book = fixtureContent('fr', { chapters: 2, wordsPerChapter: 200, credits });
    const { text, qpdf } = await pdfText((await typesetBook(book)).pdf);
    expect(qpdf).toContain('No syntax or stream encoding errors found');
    expect(text).toContain('Marie, ma sœur');
    expect(text).toContain('Paul, mon fils');
    // in the contents and as the page's title, after the summary
    expect(text.split('Avec les souvenirs de').length - 1).toBeGreaterThanOrEqual(2);
    expect(text.lastIndexOf('Marie, ma sœur')).toBeGreaterThan(text.lastIndexOf(book.labels.summary));
    const without = await pdfText((await typesetBook(fixtureContent('fr', { chapters: 2, wordsPerChapter: 200 }))).pdf);
    expect(without.text).not.toContain('Avec les souvenirs de');
  }, 300_000);

  it('EPUB: a page of its own in the contents, hostile names as text, EPUBCheck valid', async () => {
    const hostile = [{ name: XSS_CORPUS[0], relation: XSS_CORPUS[1] }, ...credits];
    const epub = await writeEpub(fixtureContent('it', { credits: hostile }));
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(epub);
    const page = await zip.file('OEBPS/contributors.xhtml')!.async('string');
    expect(page).toContain('Con i ricordi di');
    expect(page).toContain('Marie, ma sœur');
    expect(page).not.toMatch(/<(script|svg|iframe)[\s>]|<img src=x/i);
    expect(await zip.file('OEBPS/nav.xhtml')!.async('string')).toContain('contributors.xhtml');
    const plain = await JSZip.loadAsync(await writeEpub(fixtureContent('it')));
    expect(plain.file('OEBPS/contributors.xhtml')).toBeNull();
    const result = await epubcheck([epub]);
    expect(result.messages).toEqual([]);
    expect(result.valid).toEqual([true]);
  }, 600_000);

  it('DOCX: the same page', async () => {
    const { value: text } = await mammoth.extractRawText({ buffer: await writeDocx(fixtureContent('es', { credits })) });
    expect(text).toContain('Con los recuerdos de');
    expect(text).toContain('Paul, mon fils');
  });
});

/**
 * Issue 18 item 9: the XSS corpus in every text field an author types that reaches a book file —
 * title, author, chapter titles, chapter text, introduction, summary — comes out as text in the PDF
 * (pdftotext), the EPUB (EPUBCheck valid, no element of the corpus in any XHTML) and the DOCX
 * (mammoth: the text read back, no element in its HTML).
 */
describe('an XSS corpus in every field of a book', () => {
  // printed as text, with the typographic quotes every text of the book gets
  const visible = (text: string) => typographic(cleanText(text).replace(/\uFFFD/g, ''), 'en');
  const book = () => {
    const source = sampleBook('en', { chapters: XSS_CORPUS.length });
    source.book_name = XSS_CORPUS.join(' ');
    source.introduction = XSS_CORPUS.join('\n\n');
    source.book_summary = XSS_CORPUS.join('\n\n');
    source.checkpoint.data.forEach((chapter, index) => {
      chapter.name = XSS_CORPUS[index];
      chapter.generated_content = `${XSS_CORPUS.join('\n\n')}\n\n${chapter.generated_content}`;
    });
    return buildBookContent({ ...source, author: XSS_CORPUS[1] }, new Map(), bookLabels(translate, 'en'));
  };
  const ELEMENTS = /<(script|svg|iframe|circle)[\s>]|<img src=x/i;
  /** No tag of the file (escaped text holds no '<') carries an event handler or a script URL. */
  const inertTags = (markup: string) => (markup.match(/<[^>]*>/g) ?? []).filter((tag) => /\son\w+\s*=|javascript:/i.test(tag));

  it('EPUB: valid, and every XHTML holds the corpus as escaped text only', async () => {
    const epub = await writeEpub(book());
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(epub);
    const pages = Object.keys(zip.files).filter((name) => name.endsWith('.xhtml'));
    for (const name of pages) {
      const xhtml = await zip.file(name)!.async('string');
      expect(xhtml, name).not.toMatch(ELEMENTS);
      expect(inertTags(xhtml), name).toEqual([]);
    }
    const chapter = await zip.file('OEBPS/chapter-1.xhtml')!.async('string');
    expect(chapter).toContain('&lt;script&gt;alert(');
    const result = await epubcheck([epub]);
    expect(result.messages).toEqual([]);
    expect(result.valid).toEqual([true]);
  }, 600_000);

  it('PDF: every string printed literally', async () => {
    const { pdf } = await typesetBook(book());
    const { text, qpdf } = await pdfText(pdf);
    expect(qpdf).toContain('No syntax or stream encoding errors found');
    // line breaks may hyphenate or wrap a string: compared without spaces and hyphens
    const flat = (value: string) => value.replace(/[\s\-\u00AD\u2010]+/g, '');
    for (const hostile of XSS_CORPUS.slice(0, 7)) expect(flat(text)).toContain(flat(visible(hostile)));
  }, 300_000);

  it('DOCX: read back as text, no element of the corpus', async () => {
    const docx = await writeDocx(book());
    const { value: text } = await mammoth.extractRawText({ buffer: docx });
    for (const hostile of XSS_CORPUS) expect(text).toContain(visible(hostile));
    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    expect(html).not.toMatch(ELEMENTS);
    expect(inertTags(html)).toEqual([]);
  });
});
