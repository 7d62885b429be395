import type { Language } from '@common/constants';
import type { AnswerInput } from '../server/src/providers/generation/types';

/**
 * Answer sets for bench/writing.ts, written for the purpose in each language (not translated):
 * spoken answers as people dictate them — fillers, stutters, missing capitals, long and short
 * answers, names, dates, places, numbers and quotations.
 */
export interface AnswerSet {
  title: string;
  answers: AnswerInput[];
}

export const WRITING_SETS: Record<Language, AnswerSet[]> = {
  en: [
    {
      title: 'Childhood in Leeds',
      answers: [
        {
          id: 1,
          question: 'Where were you born?',
          answer:
            "um so I was born in Leeds in 1948, on Harehills Lane, in a little back-to-back house with a yard and an outside toilet. my father worked at the the Burton's factory, cutting cloth, and uh my mother took in sewing for the neighbours. we had two rooms downstairs and two up, and in winter you could see your breath in the bedroom",
        },
        {
          id: 2,
          question: 'Picture the kitchen.',
          answer:
            'the kitchen was tiny, you know, with a coal range that was always warm. my mother sang Vera Lynn while she cooked and she always said "waste not, want not". on Saturdays she baked bread and the whole street could smell it',
        },
        {
          id: 3,
          question: 'Who sat next to you at school?',
          answer: 'Margaret Whitley. red hair, laughed at everything. we were friends for 60 years',
        },
      ],
    },
    {
      title: 'First job',
      answers: [
        {
          id: 11,
          question: 'How did you find your first job?',
          answer:
            'well I left school at 15, in 1963, and my uncle Stan got me a start at the Co-op on Roundhay Road. I was a delivery boy first, on a bike with a big basket, and I earned 2 pounds 10 shillings a week. I gave most of it to my mum',
        },
        {
          id: 12,
          question: 'Who taught you the trade?',
          answer:
            'a man called Mr Ellis, the grocer. he had a pencil behind his ear and he said "the customer remembers the smile, not the price". I\'ve never forgotten that. years later I ran my own shop in Harrogate and I said the same thing to every lad I took on',
        },
        { id: 13, question: 'What did the shop smell like?', answer: 'bacon and coffee, and sawdust on the floor' },
      ],
    },
    {
      title: 'Meeting Jean',
      answers: [
        {
          id: 21,
          question: 'How did you meet?',
          answer:
            "I met Jean at the Mecca ballroom in 1967, it was a Saturday in March. she was with her sister Pat and I I asked her to dance three times before she said yes. she told me later she only said yes so I'd stop asking, you know",
        },
        {
          id: 22,
          question: 'Where did you go on your first outing?',
          answer: "we went to Scarborough on the train, fish and chips on the front, and it rained the whole day. we didn't care",
        },
        {
          id: 23,
          question: 'When did you marry?',
          answer:
            "we got married at St Aidan's on the 14th of September 1969. my brother Ken was best man and he lost the ring, well, he thought he'd lost it, it was in his other pocket. we had the reception at the Miners' Welfare and 80 people came",
        },
      ],
    },
  ],
  fr: [
    {
      title: 'Enfance à Lyon',
      answers: [
        {
          id: 1,
          question: 'Où êtes-vous née ?',
          answer:
            'euh je suis née le 3 février 1952 à Lyon, à la Croix-Rousse, au quatrième étage sans ascenseur. mon père était canut, enfin il travaillait encore la soie chez Bianchini, et ma mère faisait des ménages rue Royale. du coup on se levait très tôt, ben toute la famille',
        },
        {
          id: 2,
          question: 'Décrivez la cuisine.',
          answer:
            'la cuisine était minuscule mais toujours chaude. ma mère chantait du Piaf en épluchant les légumes et elle répétait : « on ne jette jamais le pain ». le dimanche il y avait une tarte aux pralines de chez Boulet',
        },
        {
          id: 3,
          question: 'Qui était assise à côté de vous ?',
          answer: 'Monique Berthier. des tresses, un rire énorme. amies pendant 50 ans quoi',
        },
      ],
    },
    {
      title: 'Le certificat et le premier emploi',
      answers: [
        {
          id: 11,
          question: 'Comment avez-vous quitté l’école ?',
          answer:
            "j'ai passé le certificat d'études en 1966, à 14 ans, et la maîtresse, Mme Roche, est venue voir mes parents pour qu'ils me laissent continuer. mon père a dit « on n'a pas les moyens ». alors je suis entrée comme apprentie chez une couturière de la rue Saint-Jean",
        },
        {
          id: 12,
          question: 'Qui vous a appris le métier ?',
          answer:
            "Mlle Garnier, elle avait bien 60 ans, toujours une épingle entre les lèvres. en fait elle était sévère mais juste. plus tard, quand j'ai ouvert mon propre atelier à Villeurbanne en 1981, j'ai gardé ses ciseaux sur l'établi",
        },
        { id: 13, question: 'Quel était votre salaire ?', answer: '80 francs par mois, que je donnais à ma mère' },
      ],
    },
    {
      title: 'Rencontre avec Marcel',
      answers: [
        {
          id: 21,
          question: 'Comment vous êtes-vous rencontrés ?',
          answer:
            "bon, j'ai rencontré Marcel au bal du 14 juillet 1970 place Sathonay. il m'a marché sur les pieds deux fois et il m'a dit : « je danse mal mais je suis fidèle ». ça m'a fait rire",
        },
        {
          id: 22,
          question: 'Votre première sortie ?',
          answer: "on est allés au parc de la Tête d'Or, on a loué une barque et il a perdu une rame",
        },
        {
          id: 23,
          question: 'Le mariage ?',
          answer:
            "on s'est mariés le 12 juin 1971 à Saint-Bruno. euh il pleuvait, ma tante Odette disait que ça porte bonheur. on était 45 à table chez Léon, et mon frère Jacques a chanté « Les Feuilles mortes »",
        },
      ],
    },
  ],
  es: [
    {
      title: 'Infancia en Triana',
      answers: [
        {
          id: 1,
          question: '¿Dónde naciste?',
          answer:
            'eh pues nací en Sevilla en 1952, en Triana, en una casa de vecinos de la calle Pureza con un patio lleno de macetas. mi padre trabajaba en el puerto descargando naranjas y mi madre, Dolores, cosía para medio barrio ¿sabes?',
        },
        {
          id: 2,
          question: 'Describe la cocina.',
          answer:
            'la cocina era pequeñísima pero siempre olía a pan. mi abuela Rosario hacía el puchero los domingos y decía "en esta casa no se tira nada". comíamos todos juntos, éramos 9',
        },
        { id: 3, question: '¿Quién se sentaba a tu lado?', answer: 'Carmen Ruiz. trenzas, se reía de todo. amigas 60 años' },
      ],
    },
    {
      title: 'La mili y el primer trabajo',
      answers: [
        {
          id: 11,
          question: '¿Cómo fue la mili?',
          answer:
            'bueno, hice la mili en Melilla en 1972, catorce meses. o sea, allí aprendí a conducir camiones, y un sargento, el sargento Molina, me dijo "tú vales para algo más que para pelar patatas". fue la primera vez que alguien me dijo algo así',
        },
        {
          id: 12,
          question: '¿Tu primer trabajo?',
          answer:
            'al volver entré de conductor en Cruzcampo, en 1974, repartiendo cerveza por toda la provincia. ganaba 9.000 pesetas al mes. años después me hicieron jefe de ruta en Écija',
        },
        { id: 13, question: '¿Qué recuerdas del camión?', answer: 'el ruido del motor y el calor de agosto' },
      ],
    },
    {
      title: 'Conocer a Manuel',
      answers: [
        {
          id: 21,
          question: '¿Cómo os conocisteis?',
          answer:
            'conocí a Manuel en la Feria de Abril de 1970, en la caseta de su primo Antonio. me sacó a bailar sevillanas y este, la verdad es que bailaba fatal, pero me hizo reír toda la noche',
        },
        {
          id: 22,
          question: '¿Vuestra primera salida?',
          answer: 'fuimos al cine Trajano a ver una de Marisol y nos comimos un cartucho de pipas',
        },
        {
          id: 23,
          question: '¿La boda?',
          answer:
            'nos casamos el 8 de mayo de 1973 en la iglesia de Santa Ana. pues llovió, y mi tía Encarna dijo que eso trae suerte. éramos 120 invitados en el Patio San Eloy',
        },
      ],
    },
  ],
  it: [
    {
      title: 'Infanzia a Napoli',
      answers: [
        {
          id: 1,
          question: 'Dove è nato?',
          answer:
            "ehm allora sono nato a Napoli nel 1949, al Vomero, in via Scarlatti, al terzo piano di un palazzo con il cortile. mio padre faceva il panettiere da Moccia e mia madre, Assunta, cuciva i vestiti per le vicine. cioè, in casa c'era sempre odore di pane e di stoffa",
        },
        {
          id: 2,
          question: 'Descriva la cucina.',
          answer:
            'la cucina era piccola ma sempre calda, insomma. nonna Carmela preparava il ragù la domenica dalle sei del mattino e diceva «il ragù non si fa, si aspetta». eravamo in 8 intorno al tavolo',
        },
        { id: 3, question: 'Chi sedeva accanto a Lei?', answer: 'Gennaro Esposito. magro, rideva sempre. amici per 70 anni' },
      ],
    },
    {
      title: 'La naja e il lavoro',
      answers: [
        {
          id: 11,
          question: 'Come fu il servizio militare?',
          answer:
            'feci la naja a Udine nel 1969, quindici mesi, tipo nella caserma Di Prampero. un caporale, Bortolussi, friulano, mi insegnò a giocare a briscola e mi disse «voi napoletani parlate troppo». poi siamo diventati amici',
        },
        {
          id: 12,
          question: 'Il primo lavoro?',
          answer:
            "tornato a casa entrai all'Italsider di Bagnoli nel 1971, turni di notte, 120.000 lire al mese. più tardi divenni caposquadra e ci rimasi fino al 1992, quando chiusero l'altoforno",
        },
        { id: 13, question: 'Cosa ricorda della fabbrica?', answer: 'il rumore, il fuoco della colata e il mare lì accanto' },
      ],
    },
    {
      title: 'L’incontro con Lucia',
      answers: [
        {
          id: 21,
          question: 'Come vi siete conosciuti?',
          answer:
            "ho conosciuto Lucia alla festa di Piedigrotta del 1972. lei era con la cugina Rosetta e io, diciamo, ho fatto finta di conoscere la cugina per avvicinarmi. Lucia se n'è accorta subito e mi ha detto «la prossima volta inventa una scusa migliore»",
        },
        {
          id: 22,
          question: 'La prima uscita?',
          answer: 'siamo andati a Mergellina a mangiare la pizza da Ciro, e ho pagato io con gli ultimi soldi',
        },
        {
          id: 23,
          question: 'Il matrimonio?',
          answer:
            'ci siamo sposati il 21 giugno 1975 a Santa Maria della Neve. ehm faceva un caldo terribile e mio fratello Salvatore ha perso le fedi, poi le ha ritrovate nella giacca. eravamo 150 al ristorante a Posillipo',
        },
      ],
    },
  ],
};
