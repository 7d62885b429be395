import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { typographic } from './typography';

describe('typographic', () => {
  it.each([
    ['en', `She said "don't go" -- and I stayed...`, 'She said “don’t go” – and I stayed…'],
    [
      'fr',
      `Il a dit : "l'école" ! À 10:30, voir https://plume.example`,
      'Il a dit\u00a0: «\u00a0l’école\u00a0»\u00a0! À 10:30, voir https://plume.example',
    ],
    ['fr', 'Elle disait «reviens»?!', 'Elle disait «\u00a0reviens\u00a0»\u00a0?!'],
    ['es', `Mi madre decía "el pan no se tira" - siempre.`, 'Mi madre decía «el pan no se tira» – siempre.'],
    ['en', 'The orchard — our whole world — was gone.', 'The orchard — our whole world — was gone.'],
    ['it', `La nonna diceva "chi va piano va sano" e l'aveva detto.`, 'La nonna diceva «chi va piano va sano» e l’aveva detto.'],
  ] as const)('sets quotes, apostrophes, dashes and spaces (%s)', (lng, input, expected) => {
    expect(typographic(input, lng)).toBe(expected);
  });

  it.each(LANGUAGES)('is idempotent (%s)', (lng) => {
    const text = `"Oui" : l'été -- "non" ! 12:30...`;
    const once = typographic(text, lng);
    expect(typographic(once, lng)).toBe(once);
  });
});
