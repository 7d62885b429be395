import type { Language } from '@common/constants';

/** Texts the server writes into a book (imported chapters), per language. */
const TEXTS: Record<Language, { chapter: (n: number) => string; importQuestion: string }> = {
  en: { chapter: (n) => `Chapter ${n}`, importQuestion: 'Is there anything you would like to add to this chapter, or tell differently?' },
  fr: { chapter: (n) => `Chapitre ${n}`, importQuestion: 'Souhaitez-vous ajouter quelque chose à ce chapitre, ou le raconter autrement ?' },
  es: { chapter: (n) => `Capítulo ${n}`, importQuestion: '¿Hay algo que quieras añadir a este capítulo o contar de otra manera?' },
  it: {
    chapter: (n) => `Capitolo ${n}`,
    importQuestion: "C'è qualcosa che vorresti aggiungere a questo capitolo, o raccontare in modo diverso?",
  },
};

export const bookTexts = (lng: Language) => TEXTS[lng] ?? TEXTS.en;
