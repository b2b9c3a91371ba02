import type { ModelCatalogue, ModelOption } from '@qiming/contracts';
import type { Translator } from '../../locale/index.js';

/**
 * The catalogue in the edition's language (the server-side translator, locale/): the fixed texts
 * (channel type, feature labels, price lines and tips, the high-level label) through its table; a
 * model's own prose (labelText, tooltip, intros, example questions) the table does not know falls
 * back to neutral English from the model's name rather than showing Chinese. `level` is a value the
 * client filters on (and translates itself), so it stays as it is.
 */
export function localizedCatalogue(catalogue: ModelCatalogue, translator: Translator): ModelCatalogue {
  if (translator.edition === 'domestic') return catalogue;
  return { ...catalogue, options: catalogue.options.map((option) => localizedOption(option, translator)) };
}

function localizedOption(option: ModelOption, tr: Translator): ModelOption {
  const or = (text: string, fallback: string) => (tr.isTranslated(text) ? tr.text(text) : fallback);
  const list = (items: string[]) => items.filter((item) => tr.isTranslated(item)).map((item) => tr.text(item));
  const label = or(option.label, option.value);
  return {
    ...option,
    label,
    labelText: or(option.labelText, label),
    minilabel: or(option.minilabel, ''),
    tooltip: or(option.tooltip, label),
    tooltip2: or(option.tooltip2, ''),
    type: tr.text(option.type),
    funLabel: or(option.funLabel, ''),
    funLabelList: list(option.funLabelList),
    exampleQuestionList: option.exampleQuestionList.filter((item) => tr.isTranslated(item.quetion)),
    modelprice: tr.text(option.modelprice),
    modelpriceTip: or(option.modelpriceTip, ''),
    shortIntro: or(option.shortIntro, `${label}.`),
    shortIntro2: or(option.shortIntro2, ''),
  };
}
