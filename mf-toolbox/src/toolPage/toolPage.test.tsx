import { fireEvent, render, screen } from '@testing-library/react';
import { ownerOfPath } from '@qiming/sdk';
// The platform's route table (the registry's defaults), read from the contract itself.
import areasJson from '../../../contracts/src/federation/areas.json';
import { zhCN } from '../i18n/zh-CN';
import { LAUNCHER } from './launcher';
import { ToolLauncherPage } from './ToolLauncherPage';

const entries = LAUNCHER.flatMap((g) => g.entries);

describe('/toolPage 工具集', () => {
  it('lists every tool of the product, each at a route some area owns', () => {
    expect(entries.map((e) => e.path).sort()).toEqual(
      ['/itTools', '/whiteBoard', '/paperPage', '/painter', '/videoPage', '/pptPage', '/soundClone', '/toolBox/knowledgePage', '/toolBox/apps2', '/resourcePage', '/instructionPage', '/normalQuestionPage', '/workPage', '/pdfChatPage', '/voice'].sort(),
    );
    for (const e of entries) expect(ownerOfPath(e.path, areasJson.areas)).not.toBeNull();
  });

  it('shows icon, name, description and path, and a click goes through the SDK navigation', () => {
    render(<ToolLauncherPage />);
    const cards = screen.getAllByTestId('launcher-card');
    expect(cards).toHaveLength(entries.length);
    const painter = cards.find((c) => c.dataset.path === '/painter')!;
    expect(painter.textContent).toContain(zhCN['tools.entry.painter.name']);
    expect(painter.textContent).toContain(zhCN['tools.entry.painter.description']);
    expect(painter.getAttribute('href')).toBe('/painter');

    const popstates: string[] = [];
    const onPop = () => popstates.push(window.location.pathname);
    window.addEventListener('popstate', onPop);
    fireEvent.click(painter);
    window.removeEventListener('popstate', onPop);
    expect(window.location.pathname).toBe('/painter');
    expect(popstates).toEqual(['/painter']);

    // A modified click is left to the browser (a new tab), not rerouted here.
    window.history.replaceState(null, '', '/toolPage');
    fireEvent.click(cards.find((c) => c.dataset.path === '/itTools')!, { ctrlKey: true });
    expect(window.location.pathname).toBe('/toolPage');
  });
});
