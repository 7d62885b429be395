import { franc } from 'franc-min';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@common/constants';
import { quoteBalance } from '@common/rules/typography';
import { composeChapter, composeConclusion, Composer } from './composer';
import { SAMPLE_ANSWERS, sampleContext } from '../../../test/sample-answers';
import { LANGUAGE_DATA } from './language-data';
import { cleanAnswer, cleanTranscript, splitSentences } from './text';
import type { AnswerInput, BookContext } from './types';

const ISO3: Record<Language, string> = { en: 'eng', fr: 'fra', es: 'spa', it: 'ita' };

/** Lower-case words only: what is left of a text once punctuation, capitals and spacing are ignored. */
function tokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** True when `needle` is `haystack` with some words deleted (the only edit the composer makes). */
function isSubsequence(needle: string[], haystack: string[]): boolean {
  let i = 0;
  for (const word of haystack) if (i < needle.length && word === needle[i]) i += 1;
  return i === needle.length;
}

/** Every output sentence is found in one answer (words deleted, none added). */
function expectTraceable(text: string, answers: AnswerInput[], lng: Language) {
  for (const sentence of splitSentences(text, lng)) {
    const own = tokens(sentence);
    const source = answers.find((a) => isSubsequence(own, tokens(a.answer)));
    expect(source, `"${sentence}" is not found in any answer`).toBeDefined();
  }
}

const chapter = (language: Language, answers = SAMPLE_ANSWERS[language], overrides: Partial<BookContext> = {}) => ({
  context: sampleContext(language, overrides),
  chapter: { id: 7, name: 'Childhood', answers },
});

describe('composer clean-up', () => {
  it.each([
    ['en', 'um so I was born, you know, in Leeds uh in 1948', 'I was born in Leeds in 1948.'],
    ['en', 'we were, like, ten. I like cake and I mean it', 'We were ten. I like cake and I mean it.'],
    ['fr', 'euh du coup je suis née à Lyon, ben, en 1950 quoi', 'Je suis née à Lyon en 1950.'],
    ['fr', 'en fait, on habitait là. ce livre est bon', 'On habitait là. Ce livre est bon.'],
    ['es', 'eh pues nací en Sevilla, o sea, en Triana. este libro es mío', 'Nací en Sevilla en Triana. Este libro es mío.'],
    ['it', 'ehm cioè sono nato a Napoli, tipo, nel 1949 insomma. un tipo di pane', 'Sono nato a Napoli nel 1949. Un tipo di pane.'],
  ] as const)('removes spoken fillers but keeps the same words used for real (%s: %s)', (lng, input, expected) => {
    expect(cleanTranscript(input, lng)).toBe(expected);
  });

  it('removes stutters and repeated words, but keeps doubling that is grammar', () => {
    expect(cleanTranscript('I I I w- went to the the shop', 'en')).toBe('I went to the shop.');
    expect(cleanTranscript('we went, we went to the sea', 'en')).toBe('We went to the sea.');
    expect(cleanTranscript('I knew that that was wrong', 'en')).toBe('I knew that that was wrong.');
    expect(cleanTranscript('nous nous sommes mariés à Lyon', 'fr')).toBe('Nous nous sommes mariés à Lyon.');
    expect(cleanTranscript('vous vous souvenez', 'fr')).toBe('Vous vous souvenez.');
  });

  it('fixes capitals, spacing and punctuation in each language', () => {
    expect(cleanTranscript('i was born in york .i moved to leeds ,then to hull', 'en')).toBe(
      'I was born in York. I moved to leeds, then to hull.'.replace('York', 'york'),
    );
    expect(cleanTranscript('tu te souviens? oui', 'fr')).toBe('Tu te souviens\u00a0? Oui.');
    expect(cleanTranscript('te acuerdas? claro que sí', 'es')).toBe('¿Te acuerdas? Claro que sí.');
    expect(cleanTranscript('era il 1960 .la casa era grande', 'it')).toBe('Era il 1960. La casa era grande.');
    expect(cleanTranscript('Mr. Smith lived at no. 4. he was kind', 'en')).toBe('Mr. Smith lived at no. 4. He was kind.');
  });
});

describe('composer chapters', () => {
  it.each(LANGUAGES)('writes traceable prose with paragraphs carrying question ids (%s)', (lng) => {
    const answers = SAMPLE_ANSWERS[lng];
    const out = composeChapter(chapter(lng));
    expect(out.paragraphs.length).toBeGreaterThan(0);
    expect(out.content).toBe(out.paragraphs.map((p) => p.text).join('\n\n'));
    const answered = answers.filter((a) => a.answer.trim()).map((a) => a.id);
    expect([...new Set(out.paragraphs.flatMap((p) => p.question_ids))].sort()).toEqual([...answered].sort());
    for (const paragraph of out.paragraphs) {
      expect(paragraph.question_ids.length).toBeGreaterThan(0);
      const sources = answers.filter((a) => paragraph.question_ids.includes(a.id));
      expectTraceable(paragraph.text, sources, lng);
    }
    expectTraceable(out.summary, answers, lng);
    expect(out.summary.length).toBeGreaterThan(20);
    for (const sentence of splitSentences(out.summary, lng)) expect(out.content.toLowerCase()).toContain(sentence.toLowerCase());
    // No filler survives.
    expect(out.content).not.toMatch(/\b(um|uh|euh|ehm)\b/i);
  });

  it.each(LANGUAGES)('writes in the book language (franc-min on composer output, %s)', (lng) => {
    const out = composeChapter(chapter(lng));
    expect(franc(out.content, { only: Object.values(ISO3) })).toBe(ISO3[lng]);
    expect(franc(out.content)).toBe(ISO3[lng]);
  });

  it.each(LANGUAGES)('adds no connective and keeps every sentence of the answers (%s)', (lng) => {
    const answers = SAMPLE_ANSWERS[lng];
    const out = composeChapter(chapter(lng));
    for (const connective of LANGUAGE_DATA[lng].connectives) expect(out.content).not.toContain(connective.slice(0, -1));
    // Every sentence of every answer, cleaned, is in the chapter: nothing dropped, nothing added.
    const chapterWords = tokens(out.content);
    const answerWords = answers.flatMap((a) => cleanAnswer(a.answer, lng)).flatMap(tokens);
    expect(chapterWords).toEqual(answerWords);
  });

  it.each([
    [
      'fr',
      "Il m'a dit : « tu seras institutrice. » Et je l'ai été.",
      'Il m’a dit\u00a0: «\u00a0tu seras institutrice.\u00a0» Et je l’ai été.',
    ],
    [
      'fr',
      'Ma mère disait "on ne gaspille pas le pain". on partait à 6:30',
      'Ma mère disait «\u00a0on ne gaspille pas le pain\u00a0». On partait à 6:30.',
    ],
    ['en', 'she said "come back tomorrow." and I did, didn\'t I', 'She said “come back tomorrow.” And I did, didn’t I.'],
    ['es', 'mi madre decía "el pan no se tira". y era verdad', 'Mi madre decía «el pan no se tira». Y era verdad.'],
    ['it', 'la nonna diceva «chi va piano va sano». e aveva ragione', 'La nonna diceva «chi va piano va sano». E aveva ragione.'],
  ] as const)('keeps quotation marks whole and typographic (%s: %s)', (lng, input, expected) => {
    expect(cleanTranscript(input, lng)).toBe(expected);
    const out = composeChapter(chapter(lng, [{ id: 1, question: 'q', answer: input }]));
    expect(out.content).toBe(expected);
    const { open, close } = quoteBalance(out.content);
    expect(open).toBe(close);
  });

  it('keeps a quotation of several sentences in one sentence and one paragraph', () => {
    const quoted = "Mon père répétait souvent : « Le travail, c'est la santé. Le reste viendra. Ne l'oublie jamais. » ";
    const long =
      quoted + Array.from({ length: 10 }, (_, i) => `Le jour ${i + 1} nous marchions le long du Rhône en parlant du fournil`).join('. ');
    const out = composeChapter(chapter('fr', [{ id: 1, question: 'q', answer: long }]));
    expect(out.paragraphs.length).toBeGreaterThan(1);
    for (const p of out.paragraphs) {
      const { open, close } = quoteBalance(p.text);
      expect(open).toBe(close);
    }
  });

  it('is deterministic and takes well under 50 ms per chapter', () => {
    const first = composeChapter(chapter('fr'));
    expect(composeChapter(chapter('fr'))).toEqual(first);
    const started = performance.now();
    for (let i = 0; i < 50; i += 1) for (const lng of LANGUAGES) composeChapter(chapter(lng));
    const perChapter = (performance.now() - started) / 200;
    expect(perChapter).toBeLessThan(50);
  });

  it('splits a long answer into paragraphs at a new scene, and joins short answers on the same subject', () => {
    const days = Array.from(
      { length: 5 },
      (_, i) => `On day ${i + 1} we walked along the river and talked about the old days at the mill`,
    ).join('. ');
    const long = `${days}. Years later I went back to the river alone. ${days}.`;
    const out = composeChapter(
      chapter('en', [
        { id: 1, question: 'q1', answer: long },
        { id: 2, question: 'q2', answer: 'Our house was painted red.' },
        { id: 3, question: 'q3', answer: 'The house had a blue door.' },
        { id: 4, question: 'q4', answer: 'My sister played the violin.' },
      ]),
    );
    const own = out.paragraphs.filter((p) => p.question_ids.join() === '1');
    expect(own.length).toBeGreaterThan(1);
    expect(own[1].text.startsWith('Years later I went back')).toBe(true);
    expect(out.paragraphs.some((p) => p.question_ids.join() === '2,3')).toBe(true);
    expect(out.paragraphs.some((p) => p.question_ids.join() === '4')).toBe(true);
  });

  it('writes nothing when no question is answered', () => {
    const out = composeChapter(chapter('en', [{ id: 1, question: 'q', answer: '  um  ' }]));
    expect(out.paragraphs).toEqual([]);
    expect(out.summary).toBe('');
  });
});

describe('composer person conversion (conservative)', () => {
  const third = { survey: [{ question: 'Narration', answer: 'Third person (she/her)' }] };
  const answers: AnswerInput[] = [
    { id: 1, question: 'q', answer: "I was born in Leeds. My father worked at the mill and I loved him. I'm proud of my roots." },
  ];

  it('turns an English autobiography into the third person when the survey says she', () => {
    const out = composeChapter(chapter('en', answers, third));
    expect(out.content).toBe("She was born in Leeds. Her father worked at the mill and she loved him. She's proud of her roots.");
  });

  it('keeps the first person when a verb would have to change, when quoting, or with "we"', () => {
    for (const answer of ['I go to the market every day.', 'I was told “I am fine”.', 'We moved when I was ten.']) {
      const out = composeChapter(chapter('en', [{ id: 1, question: 'q', answer }], third));
      expect(out.content).toBe(answer);
    }
  });

  it('never changes the person of a book about another person, nor without a gender, nor in fr/es/it', () => {
    expect(composeChapter(chapter('en', answers, { ...third, kind: 'another_story' })).content).toContain('I was born');
    expect(composeChapter(chapter('en', answers, { survey: [{ question: 'Narration', answer: 'Third person' }] })).content).toContain(
      'I was born',
    );
    const fr = [{ id: 1, question: 'q', answer: 'Je suis née à Lyon.' }];
    expect(
      composeChapter(chapter('fr', fr, { survey: [{ question: 'Narration', answer: 'À la troisième personne (elle)' }] })).content,
    ).toBe('Je suis née à Lyon.');
    const she = [{ id: 1, question: 'q', answer: 'She was born in Leeds and she loved the sea.' }];
    expect(
      composeChapter(chapter('en', she, { kind: 'another_story', survey: [{ question: 'Narration', answer: 'First person' }] })).content,
    ).toBe('She was born in Leeds and she loved the sea.');
  });
});

describe('composer: introduction and summary', () => {
  it('leaves the introduction to the author and drafts the summary from one sentence of each chapter summary', async () => {
    const subject = 'Ce livre raconte la vie de ma grand-mère Jeanne, née en Bretagne en 1921.';
    const context = sampleContext('fr', { subject });
    const first = composeChapter({ context, chapter: { id: 1, name: 'A', answers: SAMPLE_ANSWERS.fr.slice(0, 2) } });
    const input = {
      context,
      chapters: [
        { id: 1, name: 'A', answers: SAMPLE_ANSWERS.fr.slice(0, 2), summary: first.summary },
        { id: 2, name: 'B', answers: SAMPLE_ANSWERS.fr.slice(2), summary: '' },
      ],
    };
    const summary = composeConclusion(input);
    expect(await new Composer().writeBookText(input, 'introduction')).toBe('');
    expect(await new Composer().writeBookText(input, 'book_summary')).toBe(summary);
    expect(summary).not.toContain('Jeanne');
    expectTraceable(summary, SAMPLE_ANSWERS.fr, 'fr');
    const sentences = splitSentences(summary, 'fr');
    expect(sentences.length).toBe(2);
    expect(first.summary.startsWith(sentences[0])).toBe(true);
  });
});

describe('survey choices the composer cannot honour', () => {
  const survey = [
    { id: 1, role: 'style' as const, question: 'Style', answer: 'Literary' },
    { id: 2, role: 'reader' as const, question: 'Reader', answer: 'My family' },
    { id: 3, role: 'person' as const, question: 'Voice', answer: 'Third person: "he", "she" or "they"' },
    { id: 4, role: 'tense' as const, question: 'Tense', answer: 'Present tense' },
    { id: 5, role: 'tone' as const, question: 'Tone', answer: 'Nostalgic' },
  ];

  it('reports style, tone, present tense and an unconvertible person; never the reader', () => {
    expect(composeChapter(chapter('en', SAMPLE_ANSWERS.en, { survey })).needsAssistant).toEqual([1, 3, 4, 5]);
  });

  it('honours the past tense, the first person, and the third person it could apply', () => {
    const honoured = [
      { id: 3, role: 'person' as const, question: 'Voice', answer: 'Third person (she)' },
      { id: 4, role: 'tense' as const, question: 'Tense', answer: 'Past tense' },
    ];
    const answers = [{ id: 1, question: 'q', answer: 'I was born in Leeds. My father worked at the mill.' }];
    const out = composeChapter(chapter('en', answers, { survey: honoured }));
    expect(out.content).toBe('She was born in Leeds. Her father worked at the mill.');
    expect(out.needsAssistant).toEqual([]);
    expect(
      composeChapter(
        chapter('fr', SAMPLE_ANSWERS.fr, {
          survey: [{ id: 3, role: 'person', question: 'Voix', answer: 'À la première personne : « je »' }],
        }),
      ).needsAssistant,
    ).toEqual([]);
  });
});
