export { i18n, DEFAULT_LOCALE, type Locale } from './locale';
export { createTranslator, type Messages, type Translation, type Translator, type Vars } from './translator';
export { sdkText } from './sdkText';
