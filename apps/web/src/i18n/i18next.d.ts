import 'i18next';
import type { TranslationResources } from './i18n';

// Translation keys are checked by the compiler: `t('login.titel')` does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}
