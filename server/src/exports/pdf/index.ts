export { typesetBook, countPages, type TypesetOptions, type TypesetResult } from './typeset';
export { GEOMETRIES } from './layout';
export { ChapterCache } from './chapter-cache';
