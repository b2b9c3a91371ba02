import type { ModelCatalogue } from '@qiming/sdk/contracts';
import { modelDisplayName } from './modelDisplayName';

const catalogue = { options: [{ value: 'glm-4-flash', label: 'GLM-4-Flash' }] } as unknown as ModelCatalogue;

describe('modelDisplayName (spec chat §9 display name map)', () => {
  it('is the catalogue label, never the code', () => {
    expect(modelDisplayName('glm-4-flash', catalogue)).toBe('GLM-4-Flash');
  });

  it('title-cases an id the catalogue does not have, and says AI助手 without one', () => {
    expect(modelDisplayName('retired-model_x', catalogue)).toBe('Retired-Model_X');
    expect(modelDisplayName('glm-4-flash', null)).toBe('Glm-4-Flash');
    expect(modelDisplayName(null, catalogue)).toBe('AI助手');
  });
});
