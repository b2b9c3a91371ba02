import { fireEvent, render, screen } from '@testing-library/react';
import type { ModelOption } from '@qiming/sdk/contracts';
import { ModelSelect } from './ModelSelect';
import { testBase } from '../knowledge/testBase';

const model = (value: string): ModelOption => ({ value, label: value, labelText: '', modelType: 'gpt', level: '基础', uid: 0, icon: `/icons/${value}.svg`, modelprice: '' }) as unknown as ModelOption;
const manual = testBase();

function setup(bases = [manual]) {
  const props = { onChange: jest.fn(), onPick: jest.fn() };
  render(<ModelSelect options={[model('gpt-4o'), model('glm-4-flash')]} value="glm-4-flash" onChange={props.onChange} knowledge={{ bases, selectedId: null, onPick: props.onPick }} />);
  fireEvent.click(screen.getByTestId('model-select'));
  return props;
}

describe('the model picker\'s 个人知识库 tab', () => {
  it('lists the user\'s own bases; choosing one selects the base and keeps the model', () => {
    const props = setup();
    fireEvent.click(screen.getByRole('tab', { name: '个人知识库' }));
    expect(screen.getAllByRole('option').map((o) => o.querySelector('strong')!.textContent)).toEqual(['产品手册']);
    fireEvent.click(screen.getByRole('option', { name: /产品手册/ }));
    expect(props.onPick).toHaveBeenCalledWith(manual);
    expect(props.onChange).not.toHaveBeenCalled();
  });

  it('is not shown while the user has no base', () => {
    setup([]);
    expect(screen.queryByRole('tab', { name: '个人知识库' })).toBeNull();
  });
});
