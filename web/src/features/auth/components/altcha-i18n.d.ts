// The widget's translation bundles register themselves; they export nothing we use.
declare module 'altcha/i18n/fr-fr';
declare module 'altcha/i18n/es-es';
