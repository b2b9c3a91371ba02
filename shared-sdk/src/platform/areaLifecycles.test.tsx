import { createAreaLifecycles } from './areaLifecycles';
import { eventBus } from '../events/eventBus';

function Broken(): never {
  throw new Error('render exploded');
}

describe('createAreaLifecycles', () => {
  let element: HTMLElement;
  beforeEach(() => {
    element = document.createElement('div');
    document.body.append(element);
  });
  afterEach(() => element.remove());

  it('mounts the area into the given element, marks it and announces it', async () => {
    const seen: string[] = [];
    const off = eventBus.on('area:mounted', ({ area, version }) => seen.push(`${area}@${version}`));
    const app = createAreaLifecycles({ area: 'chat', version: '1.2.3', render: () => <p>聊天</p> });
    await app.bootstrap();
    await app.mount({ domElement: element });
    expect(element.textContent).toBe('聊天');
    expect(element.dataset.area).toBe('chat');
    expect(element.dataset.areaVersion).toBe('1.2.3');
    expect(seen).toEqual(['chat@1.2.3']);
    await app.unmount();
    expect(element.textContent).toBe('');
    off();
  });

  it('can mount again after unmount', async () => {
    const app = createAreaLifecycles({ area: 'pay', version: '1.0.0', render: () => <p>充值</p> });
    await app.mount({ domElement: element });
    await app.unmount();
    await app.mount({ domElement: element });
    expect(element.textContent).toBe('充值');
    await app.unmount();
  });

  it('rejects mount when the first render throws', async () => {
    const app = createAreaLifecycles({ area: 'media', version: '1.0.0', render: () => <Broken /> });
    await expect(app.mount({ domElement: element })).rejects.toThrow('render exploded');
  });

  it('rejects mount without a dom element', async () => {
    const app = createAreaLifecycles({ area: 'media', version: '1.0.0', render: () => null });
    await expect(app.mount({} as never)).rejects.toThrow('needs a domElement');
  });

  it('runs prepare before the first render; an unmount meanwhile leaves nothing rendered', async () => {
    let release!: () => void;
    const order: string[] = [];
    const app = createAreaLifecycles({
      area: 'chat',
      version: '1.0.0',
      prepare: () => new Promise<void>((resolve) => (release = () => (order.push('prepared'), resolve()))),
      render: () => {
        order.push('render');
        return <p>聊天</p>;
      },
    });
    const mounting = app.mount({ domElement: element });
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await mounting;
    expect(order).toEqual(['prepared', 'render']);
    await app.unmount();

    const late = app.mount({ domElement: element });
    await app.unmount();
    release();
    await late;
    expect(element.textContent).toBe('');
  });
});
