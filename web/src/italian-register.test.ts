import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Italian speaks to the author with the formal Lei everywhere (issue 16): every Italian string of the
 * interface, the e-mails and the question bank is scanned for informal forms. Short button labels may
 * use the bare imperative Italian interfaces use as a label ('Aggiungi una foto'); full sentences may not.
 */
const root = path.resolve(import.meta.dirname, '../..');
const sources = [
  ...readdirSync(path.join(root, 'locales/it')).map((f) => path.join(root, 'locales/it', f)),
  ...readdirSync(path.join(root, 'content/question-bank/it')).map((f) => path.join(root, 'content/question-bank/it', f)),
].filter((f) => f.endsWith('.json'));

function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${at}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${at}.${k}`);
}

const letter = "[\\p{L}'’]";
/** tu-forms: pronouns, possessives, second-person verbs and reflexive imperatives. */
const informalWords = new RegExp(
  `(?<!${letter})(tu|ti|te|tuo|tua|tuoi|tue|hai|puoi|vuoi|devi|sai|registrati|iscriviti|abbonati|ricordati|accomodati|prenditi|goditi|dimmi|dicci|fammi|scrivici)(?!${letter})`,
  'iu',
);
/** A sentence (not a question) opening with a tu-imperative whose Lei form differs (Scegli → Scelga). */
const informalCommand = new RegExp(
  `(?:^|[.!:;]\\s+)(scegli|scrivi|aggiungi|inserisci|clicca|rispondi|accedi|carica|scopri|prova|crea|modifica|elimina|salva|continua|scarica|invia|apri|chiudi|ascolta|registra|leggi|torna|acquista|sblocca|conferma|usa|cambia|incolla|riprova|passa|racconta|descrivi|pensa|immagina|guarda|vai|fai|accetta|completa|compila|seleziona|attendi|aspetta|cerca|trova|controlla|verifica|digita|imposta|indica|segui|tocca|premi|parla|inizia|riprendi)(?!${letter})[^.?!]*(?:[.!]|$)`,
  'iu',
);
const isSentence = (text: string) => text.trim().split(/\s+/).length >= 6;

function informalItalian(text: string): string | null {
  const word = informalWords.exec(text);
  if (word) return word[1];
  if (isSentence(text)) return informalCommand.exec(text)?.[1] ?? null;
  return null;
}

describe('Italian uses the formal Lei', () => {
  it('finds tu-forms and tu-commands, and accepts Lei', () => {
    expect(informalItalian('Scegli il tuo piano')).toBe('tuo');
    expect(informalItalian('Registrati')).toBe('Registrati');
    expect(informalItalian('Puoi saltare le altre domande.')).toBe('Puoi');
    expect(informalItalian('Il testo è lungo. Scegli una parte da tenere, poi salva.')).toBe('Scegli');
    expect(informalItalian('Scelga il Suo piano e continui a scrivere il libro.')).toBeNull();
    expect(informalItalian('Che cosa ricorda di quella casa?')).toBeNull();
    expect(informalItalian('Aggiungi una foto')).toBeNull();
  });

  it('in every Italian string of the interface, the e-mails and the question bank', () => {
    const found: string[] = [];
    for (const file of sources) {
      for (const [at, text] of strings(JSON.parse(readFileSync(file, 'utf8')), path.relative(root, file))) {
        const form = informalItalian(text);
        if (form) found.push(`${at}: «${form}» in "${text}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('in the Italian site pages (content/legal/it/*.md), line by line, labels in bold set apart', () => {
    const found: string[] = [];
    const folder = path.join(root, 'content/legal/it');
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.md'))) {
      readFileSync(path.join(folder, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // a button's own label quoted in bold ("**Scarica tutti i miei dati**") is a label, not a sentence
          const text = line.replace(/^\s*(?:#+|[-*]|\d+\.)\s+/, '').replace(/\*\*[^*]+\*\*/g, 'Etichetta');
          const form = informalItalian(text);
          if (form) found.push(`content/legal/it/${file}:${index + 1}: «${form}» in "${line}"`);
        });
    }
    expect(found).toEqual([]);
  });
});
