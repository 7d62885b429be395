import type { Language } from '@common/constants';

/** A text's sentences (the language's own rules), each cut at a word into pieces of at most `max` characters. */
export function sentencePieces(text: string, language: Language, max: number): string[] {
  const sentences = [...new Intl.Segmenter(language, { granularity: 'sentence' }).segment(text)].map((s) => s.segment.trim());
  return sentences.filter(Boolean).flatMap((sentence) => {
    const pieces: string[] = [];
    let rest = sentence;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      const at = cut > 0 ? cut : max;
      pieces.push(rest.slice(0, at));
      rest = rest.slice(at).trim();
    }
    if (rest) pieces.push(rest);
    return pieces;
  });
}
