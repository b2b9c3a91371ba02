import { buildProblems, bundlingProblems, manifestProblems } from './manifestContract.js';

describe('manifestProblems', () => {
  const good = {
    metaData: { name: 'mf_chat' },
    exposes: [{ path: './app' }],
    shared: [
      { name: 'react/jsx-runtime', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: '@qiming/sdk', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
    ],
  };

  it('accepts a conforming manifest', () => {
    expect(manifestProblems(good, 'mf_chat')).toEqual([]);
  });

  it('names each problem', () => {
    const bad = {
      metaData: { name: 'mf_other' },
      exposes: [],
      shared: [
        { name: 'react', version: '18.2.0', singleton: false, requiredVersion: '>=18' },
        { name: 'antd', version: '6.0.0', singleton: true },
      ],
    };
    expect(manifestProblems(bad, 'mf_chat')).toEqual([
      '容器名应为 mf_chat，实际为 mf_other',
      '没有暴露 ./app',
      '没有共享 @qiming/sdk',
      'react 必须是单例共享',
      'react 版本 18.2.0 不在允许范围 ^19.0.0 内',
      'react 要求的版本范围 >=18 超出允许范围 ^19.0.0',
      'antd 只能通过 @qiming/sdk/ui 共享',
    ]);
  });

  it('refuses an area that bundled its own copy of a singleton', () => {
    expect(bundlingProblems({ 'main.js': ['mf-chat'], '12.js': ['react', 'react-dom', 'mf-chat'] })).toEqual([
      '区域不能自带 react（它由宿主共享提供）',
      '区域不能自带 react-dom（它由宿主共享提供）',
    ]);
    expect(bundlingProblems(undefined)).toEqual(['缺少 chunk-packages.json（请用项目的构建命令生成）']);
    expect(buildProblems({ manifest: good, chunkPackages: { 'a.js': ['mf-chat', 'dayjs'] } }, 'mf_chat')).toEqual([]);
  });

  it('refuses something that is not a manifest', () => {
    expect(manifestProblems(null, 'mf_chat')).toEqual(['mf-manifest.json 不是合法的 JSON 对象']);
  });
});
