import type { Language } from '@common/constants';
import type { AnswerInput, BookContext } from '../src/providers/generation/types';

/**
 * Spoken-style answers in the four languages (with fillers, stutters and missing capitals), used by
 * the composer tests, the stand-in tests and bench/generation.ts.
 */
export const SAMPLE_ANSWERS: Record<Language, AnswerInput[]> = {
  en: [
    {
      id: 101,
      question: 'Where were you born?',
      answer:
        'um so I was born in Leeds in 1948, in a little terraced house on Harehills Lane. my father worked at the the mill and uh my mother took in sewing to make ends meet',
    },
    {
      id: 102,
      question: 'Picture the kitchen of that house.',
      answer:
        'the kitchen was tiny, you know, with a coal range that was always warm. We ate there every evening and my mother sang while she cooked. I can still smell the bread on Saturdays',
    },
    {
      id: 103,
      question: 'Who sat next to you at school?',
      answer:
        'A girl called Margaret sat next to me. she had red hair and she laughed at everything. we we became friends for life and I was at her wedding in 1970',
    },
    { id: 104, question: 'What games did you play?', answer: '' },
    {
      id: 105,
      question: 'What did Sundays look like?',
      answer:
        'On Sundays we walked to the park by the canal. My brother and I raced paper boats, like, all afternoon, and the winner got the last biscuit.',
    },
  ],
  fr: [
    {
      id: 201,
      question: 'Où êtes-vous née ?',
      answer:
        'euh je suis née à Lyon en 1950, dans un petit appartement de la Croix-Rousse. mon père était boulanger et du coup on se levait très tôt, ben toute la famille aidait au fournil',
    },
    {
      id: 202,
      question: 'Décrivez la cuisine de votre enfance.',
      answer:
        "la cuisine était petite mais toujours chaude, en fait. ma mère chantait des chansons de Piaf pendant qu'elle préparait le repas, et nous nous installions autour de la grande table en bois",
    },
    {
      id: 203,
      question: "Qui était assis à côté de vous à l'école ?",
      answer:
        "une fille qui s'appelait Monique, euh, elle avait des tresses et elle riait tout le temps. nous sommes restées amies toute notre vie quoi",
    },
    {
      id: 204,
      question: 'Que faisiez-vous le dimanche ?',
      answer:
        "le dimanche on allait se promener au parc de la Tête d'Or avec mon frère. on donnait du pain aux canards et mon père nous achetait une glace à la vanille",
    },
  ],
  es: [
    {
      id: 301,
      question: '¿Dónde naciste?',
      answer:
        'eh pues nací en Sevilla en 1952, o sea, en una casa pequeña del barrio de Triana. mi padre trabajaba en el puerto y mi madre era costurera ¿sabes? cosía para todo el barrio',
    },
    {
      id: 302,
      question: 'Describe la cocina de tu infancia.',
      answer:
        'la cocina era muy pequeña pero siempre olía a pan recién hecho. este, mi abuela preparaba el cocido los domingos y todos comíamos juntos alrededor de la mesa de madera',
    },
    {
      id: 303,
      question: '¿Quién se sentaba a tu lado en la escuela?',
      answer: 'una niña que se llamaba Carmen se sentaba a mi lado. tenía el pelo largo y se reía de todo, y fuimos amigas toda la vida',
    },
    {
      id: 304,
      question: '¿Qué hacías los domingos?',
      answer:
        'los domingos paseábamos por la orilla del río con mis hermanos. mi padre nos compraba helado de limón y volvíamos a casa cuando se ponía el sol',
    },
  ],
  it: [
    {
      id: 401,
      question: 'Dove è nato?',
      answer:
        'ehm allora sono nato a Napoli nel 1949, cioè, nel quartiere del Vomero. mio padre faceva il panettiere e mia madre, tipo, cuciva i vestiti per le vicine di casa',
    },
    {
      id: 402,
      question: 'Descriva la cucina della sua infanzia.',
      answer:
        'la cucina era piccola ma sempre calda, insomma. mia nonna preparava il ragù la domenica mattina e tutta la famiglia si sedeva intorno al grande tavolo di legno',
    },
    {
      id: 403,
      question: 'Chi sedeva accanto a lei a scuola?',
      answer:
        'un ragazzo che si chiamava Peppino sedeva accanto a me. aveva i capelli ricci e rideva sempre, e siamo rimasti amici per tutta la vita',
    },
    {
      id: 404,
      question: 'Che cosa faceva la domenica?',
      answer:
        'la domenica andavamo al mare con i miei fratelli. mio padre ci comprava una granita al limone e tornavamo a casa quando il sole tramontava',
    },
  ],
};

export function sampleContext(language: Language, overrides: Partial<BookContext> = {}): BookContext {
  return {
    kind: 'autobiography',
    bookName: 'My life',
    subject: '',
    language,
    survey: [],
    earlierSummaries: [],
    fidelity: 'own_words',
    ...overrides,
  };
}
