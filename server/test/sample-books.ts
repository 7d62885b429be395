import zlib from 'node:zlib';
import type { Language } from '@common/constants';
import type { CheckpointData } from '@common/schemas/session';
import type { BookImage } from '../src/exports/images';

/**
 * Test and bench fixtures generated in code: PNG photos and books in each language, including
 * one full of hostile text. Not used by the app itself.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A photo for book files made in tests and benches: our own 8-bit RGB PNG, typeset as it is. */
export const makeBookImage = (width: number, height: number, seed = 1): BookImage => ({
  data: makePng(width, height, seed),
  type: 'png',
  width,
  height,
});

/** An RGB PNG: a warm gradient with a little noise (`noise` 0–255 raises the file size). */
export function makePng(width: number, height: number, seed = 1, noise = 64): Buffer {
  // Noise per 3×3 block: photo-like file sizes (~100–280 KB) that still compress.
  const random = (x: number, y: number) => {
    let h = (Math.floor(x / 3) * 374761393 + Math.floor(y / 3) * 668265263 + seed * 2246822519) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    return (h ^ (h >>> 16)) & 0xff;
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const n = noise ? (random(x, y) % noise) - noise / 2 : 0;
      const i = row + 1 + x * 3;
      raw[i] = Math.max(0, Math.min(255, 120 + (((x * 120) / width + seed * 37) % 120) + n));
      raw[i + 1] = Math.max(0, Math.min(255, 90 + (y * 100) / height + n));
      raw[i + 2] = Math.max(0, Math.min(255, 70 + ((x + y) * 60) / (width + height) + n));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sentences with each language's own letters and punctuation. */
export const SAMPLES: Record<Language, { title: string; accents: string; sentences: string[]; chapters: string[] }> = {
  en: {
    title: 'The Orchard Years',
    accents: 'naïve café façade — “Zoë’s” rôle',
    sentences: [
      'My grandmother kept the key to the orchard on a faded ribbon around her neck.',
      'Every autumn we climbed the ladders together and filled baskets with apples that smelled of cider and rain.',
      'She said that a tree remembers every hand that ever pruned it, and I believed her completely.',
      'Years later, standing in the same grass, I understood what she had been trying to teach me about patience.',
    ],
    chapters: ['Childhood by the River', 'The House on Elm Street', 'Leaving Home', 'Finding My Way'],
  },
  fr: {
    title: 'Les Années du verger',
    accents: 'Œuvre, cœur, « déjà » — garçon, où, là, île, Noël, ça !',
    sentences: [
      'Ma grand-mère gardait la clé du verger au bout d’un ruban délavé, noué autour de son cou.',
      'Chaque automne, nous grimpions ensemble aux échelles et remplissions des paniers de pommes qui sentaient le cidre et la pluie.',
      'Elle disait qu’un arbre se souvient de chaque main qui l’a taillé ; je l’ai crue sans hésiter.',
      'Des années plus tard, debout dans la même herbe, j’ai compris ce qu’elle avait voulu m’apprendre sur la patience.',
    ],
    chapters: ['L’enfance au bord de l’eau', 'La maison de la rue des Ormes', 'Quitter la maison', 'Trouver mon chemin'],
  },
  es: {
    title: 'Los años del huerto',
    accents: '¿Dónde está el niño? ¡Qué año! Señor Muñoz, acción, pingüino',
    sentences: [
      'Mi abuela guardaba la llave del huerto en una cinta descolorida que llevaba al cuello.',
      'Cada otoño subíamos juntas a las escaleras y llenábamos cestas de manzanas que olían a sidra y a lluvia.',
      '¿Sabes?, decía ella, un árbol recuerda cada mano que lo ha podado; y yo la creía por completo.',
      'Años después, de pie sobre la misma hierba, comprendí lo que había querido enseñarme sobre la paciencia.',
    ],
    chapters: ['Infancia junto al río', 'La casa de la calle Olmo', 'Dejar el hogar', 'Encontrar mi camino'],
  },
  it: {
    title: 'Gli anni del frutteto',
    accents: 'Perché è così? Città, più, caffè, l’università, già',
    sentences: [
      'Mia nonna teneva la chiave del frutteto appesa a un nastro sbiadito intorno al collo.',
      'Ogni autunno salivamo insieme sulle scale e riempivamo cesti di mele che profumavano di sidro e di pioggia.',
      'Diceva che un albero ricorda ogni mano che l’ha potato, e io le credevo senza riserve.',
      'Anni dopo, in piedi sulla stessa erba, ho capito che cosa avesse voluto insegnarmi sulla pazienza.',
    ],
    chapters: ['Infanzia lungo il fiume', 'La casa di via degli Olmi', 'Lasciare casa', 'Trovare la mia strada'],
  },
};

export const HOSTILE = {
  title: '<script>alert("x")</script> & <b>Bold</b> \u202Eevil\u202C',
  chapter: '</h1><img src=x onerror=alert(1)> ]]> &amp; "quotes" \u0000\u0007 zero\u200Bwidth',
  text: 'Start <script>document.cookie</script> {{7*7}} ${process.env} \uD800 lone \uFFFF <![CDATA[ x ]]> <!-- c --> &lt;p&gt; Ελληνικά Русский 中文 😀 \u0301accent \t tab end.',
};

export interface FixtureBook {
  book_name: string;
  introduction: string;
  book_summary: string;
  language: Language;
  checkpoint: CheckpointData;
}

/** A book of `chapters` chapters of about `wordsPerChapter` words each, in one language. */
export function sampleBook(
  language: Language,
  options: { chapters?: number; wordsPerChapter?: number; hostile?: boolean } = {},
): FixtureBook {
  const sample = SAMPLES[language];
  const count = options.chapters ?? 4;
  const words = options.wordsPerChapter ?? 400;
  const paragraphFor = (seed: number) => {
    const out: string[] = [];
    for (let k = 0; k < 5; k += 1) out.push(sample.sentences[(seed + k) % sample.sentences.length]);
    return out.join(' ');
  };
  const data = Array.from({ length: count }, (_, index) => {
    const paragraphs: string[] = [];
    let total = 0;
    let seed = index;
    while (total < words) {
      const p = paragraphFor(seed++);
      paragraphs.push(p);
      total += p.split(/\s+/).length;
    }
    if (index === 0) paragraphs.splice(1, 0, sample.accents);
    if (options.hostile) paragraphs.splice(1, 0, HOSTILE.text);
    const name =
      options.hostile && index === 1
        ? HOSTILE.chapter
        : `${sample.chapters[index % sample.chapters.length]}${index >= sample.chapters.length ? ` ${index + 1}` : ''}`;
    return {
      id: 1000 + index,
      name,
      questions: [],
      generated_content: paragraphs.join('\n\n'),
      generated_count: 0,
    };
  });
  return {
    book_name: options.hostile ? HOSTILE.title : sample.title,
    introduction: `${sample.sentences[0]} ${sample.sentences[2]}\n\n${sample.sentences[3]}`,
    book_summary: `${sample.sentences[1]} ${sample.accents}`,
    language,
    checkpoint: {
      data,
      another_story_subject: options.hostile ? HOSTILE.text : sample.sentences.join(' '),
      lookups: { survey_questions: [] },
      general_category_id: 1,
      category_based_type_ids: [],
      services_with_plans: [],
      language,
    },
  };
}
