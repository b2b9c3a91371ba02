import type { ModelCatalogue } from '@qiming/sdk/contracts';
import { t } from '../i18n';

/**
 * A model's name where a person reads it — an answer's header, the export record (spec platform §9,
 * chat §9 "Display name map"): the catalogue's label
 * for its id; an id the catalogue no longer has, title-cased (glm-4-flash → Glm-4-Flash); AI助手 when
 * there is none. Never the bare code a user does not know.
 */
export function modelDisplayName(id: string | null | undefined, catalogue: ModelCatalogue | null): string {
  if (!id) return t('export.defaultName');
  const option = catalogue?.options.find((o) => o.value === id);
  if (option) return option.label;
  return id.replace(/(^|[-_\s.])([a-z])/g, (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`);
}
