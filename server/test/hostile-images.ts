import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A corpus of image files made in code, as an attacker would send them: every PNG colour type and
 * bit depth, plain and interlaced, each well formed and with corrupt data; huge declared sizes;
 * truncated files; decompression bombs; polyglots; JPEGs broken in each part; WebP, GIF, SVG.
 * `valid` entries are real JPEG/PNG pictures that must be accepted (made safe); every other entry
 * must be refused with a 4xx.
 */
export interface HostileImage {
  name: string;
  data: Buffer;
  valid: boolean;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number, depth: number, colourType: number, interlace: 0 | 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colourType;
  header[12] = interlace;
  return chunk('IHDR', header);
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The bit depths the PNG specification allows per colour type. */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** Raw scanlines (filter 0) of a pass of `width × height`, bytes varying with position. */
function scanlines(width: number, height: number, bitsPerPixel: number): Buffer {
  const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < rowBytes; x += 1) raw[y * (rowBytes + 1) + 1 + x] = (x * 37 + y * 11) & 0xff;
  }
  return raw;
}

/** Adam7 pass sizes of a `width × height` image. */
function adam7(width: number, height: number): Array<[number, number]> {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes
    .map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)] as [number, number])
    .filter(([w, h]) => w > 0 && h > 0);
}

function png(width: number, height: number, depth: number, colourType: number, interlace: 0 | 1, idat?: Buffer): Buffer {
  const bpp = depth * CHANNELS[colourType];
  const passes = interlace ? adam7(width, height) : [[width, height] as [number, number]];
  const pixels = () => zlib.deflateSync(Buffer.concat(passes.map(([w, h]) => scanlines(w, h, bpp))));
  const palette = colourType === 3 ? [chunk('PLTE', Buffer.from(Array.from({ length: 3 * (1 << depth) }, (_, i) => (i * 53) & 0xff)))] : [];
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, depth, colourType, interlace),
    ...palette,
    chunk('IDAT', idat ?? pixels()),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const badCrc = (data: Buffer) => Buffer.from(data).fill(0, data.length - 4);

/** Corrupt compressed data: a valid zlib header, then bytes that are no deflate stream. */
const CORRUPT_IDAT = Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 97 + 13) & 0xff))]);

export async function hostileImages(): Promise<HostileImage[]> {
  const corpus: HostileImage[] = [];
  for (const colourType of [0, 2, 3, 4, 6]) {
    for (const depth of DEPTHS[colourType]) {
      for (const interlace of [0, 1] as const) {
        const label = `png colour ${colourType} depth ${depth}${interlace ? ' interlaced' : ''}`;
        corpus.push({ name: label, data: png(10, 10, depth, colourType, interlace), valid: true });
        corpus.push({ name: `${label}, corrupt IDAT`, data: png(10, 10, depth, colourType, interlace, CORRUPT_IDAT), valid: false });
        const short = zlib.deflateSync(Buffer.alloc(7));
        corpus.push({ name: `${label}, too little data`, data: png(10, 10, depth, colourType, interlace, short), valid: false });
      }
    }
  }
  const rgba = png(10, 10, 8, 6, 0);
  corpus.push(
    { name: 'png 100000×100000 declared', data: png(100_000, 100_000, 8, 6, 0, CORRUPT_IDAT), valid: false },
    {
      name: 'png 100000×100000 interlaced declared',
      data: png(100_000, 100_000, 8, 4, 1, zlib.deflateSync(Buffer.alloc(1000))),
      valid: false,
    },
    { name: 'png 0×0', data: png(0, 0, 8, 2, 0), valid: false },
    // 20000×20000 1-bit grey, all zero: ~50 KB on the wire, 400 million pixels once decoded.
    {
      name: 'png decompression bomb',
      data: png(20_000, 20_000, 1, 0, 0, zlib.deflateSync(Buffer.alloc((2500 + 1) * 20_000), { level: 9 })),
      valid: false,
    },
    { name: 'png truncated in IDAT', data: rgba.subarray(0, rgba.length - 20), valid: false },
    { name: 'png signature only', data: PNG_SIGNATURE, valid: false },
    { name: 'png without IEND, bad CRC', data: Buffer.concat([PNG_SIGNATURE, badCrc(ihdr(10, 10, 8, 6, 0))]), valid: false },
    { name: 'png + html after IEND', data: Buffer.concat([rgba, Buffer.from('<html><script>alert(1)</script></html>')]), valid: true },
    {
      name: 'png header + html polyglot',
      data: Buffer.concat([rgba.subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>')]),
      valid: false,
    },
  );

  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a06040' } })
    .jpeg()
    .toBuffer();
  const progressive = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060a0' } })
    .jpeg({ progressive: true })
    .toBuffer();
  const cmyk = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#30a060' } })
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  const huge = Buffer.from(jpeg);
  huge.writeUInt16BE(65_500, sof + 5);
  huge.writeUInt16BE(65_500, sof + 7);
  const zero = Buffer.from(jpeg);
  zero.writeUInt16BE(0, sof + 5);
  const scrambled = Buffer.from(jpeg);
  for (let i = sos + 20; i < scrambled.length - 2; i += 1) scrambled[i] = (i * 131) & 0xff;
  const badLength = Buffer.from(jpeg);
  badLength.writeUInt16BE(0xffff, 2 + 2);
  corpus.push(
    { name: 'jpeg baseline', data: jpeg, valid: true },
    { name: 'jpeg progressive', data: progressive, valid: true },
    { name: 'jpeg cmyk', data: cmyk, valid: true },
    { name: 'jpeg 65500×65500 declared', data: huge, valid: false },
    { name: 'jpeg height 0', data: zero, valid: false },
    // libjpeg decodes scrambled entropy data with warnings only: accepted, re-encoded as noise.
    { name: 'jpeg scan data scrambled', data: scrambled, valid: true },
    { name: 'jpeg truncated', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), valid: false },
    { name: 'jpeg SOI only', data: jpeg.subarray(0, 3), valid: false },
    { name: 'jpeg segment length past the end', data: badLength, valid: false },
    { name: 'jpeg + html after EOI', data: Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), valid: true },
    {
      name: 'jpeg header + zip polyglot',
      data: Buffer.concat([jpeg.subarray(0, sos), Buffer.from('PK\x03\x04 not a picture')]),
      valid: false,
    },
  );

  const webp = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#ffffff80' } })
    .webp()
    .toBuffer();
  const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  corpus.push(
    { name: 'webp', data: webp, valid: false },
    { name: 'webp truncated', data: webp.subarray(0, 30), valid: false },
    { name: 'webp with a png name and jpeg magic', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), webp]), valid: false },
    { name: 'gif', data: gif, valid: false },
    { name: 'svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'), valid: false },
    { name: 'empty', data: Buffer.alloc(0), valid: false },
    { name: 'html', data: Buffer.from('<!doctype html><script>alert(1)</script>'), valid: false },
  );
  return corpus;
}

/** The crash of issue 18: a 10×10 RGBA PNG whose IDAT is not a deflate stream. */
export const crashingPng = () => png(10, 10, 8, 6, 0, CORRUPT_IDAT);
