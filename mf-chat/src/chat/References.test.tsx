import { fireEvent, render, screen } from '@testing-library/react';
import { navigateTo } from '@qiming/sdk';
import { knowledgePassageUrl } from '@qiming/sdk/contracts';
import { References } from './MessageView';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), navigateTo: jest.fn() }));

const passage = { id: '1', title: '安装手册.pdf', url: knowledgePassageUrl('kb-1', 'c-9'), abstract: '先安装 Node.js 22。' };
const web = { id: '2', title: '长城', url: 'https://example.com/wall', abstract: '' };
const other = { id: '3', title: '内部笔记', url: 'javascript:alert(1)' };

describe('answer references (citations)', () => {
  beforeEach(() => jest.clearAllMocks());

  it('a knowledge passage is a link in the site: a plain click navigates without reloading', () => {
    render(<References list={[passage, web, other]} />);
    const [inApp, webLink, unlinked] = screen.getAllByTestId('reference');
    expect(inApp!.getAttribute('href')).toBe('/toolBox/knowledgePage?kgId=kb-1&chunk=c-9');
    expect(inApp!.getAttribute('target')).toBeNull();
    expect(inApp!.textContent).toContain('安装手册.pdf');
    expect(inApp!.textContent).toContain('先安装 Node.js 22。');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(inApp!, click);
    expect(click.defaultPrevented).toBe(true);
    expect(navigateTo).toHaveBeenCalledWith('/toolBox/knowledgePage?kgId=kb-1&chunk=c-9');

    expect(webLink!.getAttribute('href')).toBe('https://example.com/wall');
    expect(webLink!.getAttribute('target')).toBe('_blank');
    expect(unlinked!.getAttribute('href')).toBeNull();
  });

  it('ctrl- or middle-click is left to the browser (a new tab)', () => {
    render(<References list={[passage]} />);
    const link = screen.getByTestId('reference');
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(link, ctrl);
    expect(ctrl.defaultPrevented).toBe(false);
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
