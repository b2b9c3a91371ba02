import { releaseFilesUrl, releaseFileUrls } from './releaseFiles';

const BASE = 'https://ai.example.cn/remotes/chat/1.1.0/';

describe('release files', () => {
  it('asks the server for the list of one release', () => {
    expect(releaseFilesUrl('chat', '1.1.0+b')).toBe('/app-api/platform/releases/chat/1.1.0%2Bb/files');
  });

  it('turns the listed files into URLs under the release folder', () => {
    const answer = { code: 0, msg: '', data: { files: ['mf-manifest.json', 'remoteEntry.js', 'static/js/async/12.ab12cd34ef.js', 'assets/图标 1.svg'] } };
    expect(releaseFileUrls(answer, BASE)).toEqual([
      `${BASE}mf-manifest.json`,
      `${BASE}remoteEntry.js`,
      `${BASE}static/js/async/12.ab12cd34ef.js`,
      `${BASE}assets/%E5%9B%BE%E6%A0%87%201.svg`,
    ]);
  });

  it('drops names that would leave the release folder', () => {
    const answer = { code: 0, data: { files: ['../1.0.0/remoteEntry.js', '/remotes/pay/1.0.0/a.js', 'https://evil.example/a.js', 'a/.hidden', 'ok.js', 7] } };
    expect(releaseFileUrls(answer, BASE)).toEqual([`${BASE}ok.js`]);
  });

  it('is null for an answer that is not a list (a refusal, an error page)', () => {
    expect(releaseFileUrls({ code: 404, data: null, msg: 'chat 没有已发布的版本 9.9.9' }, BASE)).toBeNull();
    expect(releaseFileUrls('<html>', BASE)).toBeNull();
    expect(releaseFileUrls({ code: 0, data: { files: 'x' } }, BASE)).toBeNull();
  });
});
