import { LANGUAGES, type Language } from '../../common/constants';

/**
 * The languages a journey repeated in each language runs in (its screens at two widths, axe, a chapter written):
 * all four, or with PLUME_TEST_SCOPE=database French only — CI's PostgreSQL pass, where the journey in the three
 * other languages would store and read the same kind of data and show what the SQLite pass has already shown
 * (docs/decisions/0040-ci-database-pass.md). French keeps accented text going through the database.
 */
export const JOURNEY_LANGUAGES: readonly Language[] = process.env.PLUME_TEST_SCOPE === 'database' ? ['fr'] : LANGUAGES;
