import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { scanEventOf, xmlField } from './eventXml.js';
import { wechatSignature, wechatSignatureValid } from './signature.js';

// The shapes of WeChat's documented pushes (公众号「接收事件推送」: 扫描带参数二维码事件).
const subscribeByScan = `<xml><ToUserName><![CDATA[gh_123456789abc]]></ToUserName>
<FromUserName><![CDATA[oUpF8uMuAJO_M2pxb1Q9zNjWeS6o]]></FromUserName>
<CreateTime>1348831860</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[subscribe]]></Event>
<EventKey><![CDATA[qrscene_login_abc]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;
const scanWhileFollowing = subscribeByScan.replace('<![CDATA[subscribe]]>', '<![CDATA[SCAN]]>').replace('qrscene_login_abc', 'login_abc');

describe('WeChat pushes', () => {
  it('signature: sha1 (hex) of token, timestamp and nonce sorted as strings and joined', () => {
    // Sorted by hand: "1409304348" < "qimingtoken" < "xxxxxx".
    const expected = createHash('sha1').update('1409304348qimingtokenxxxxxx').digest('hex');
    assert.equal(wechatSignature('qimingtoken', '1409304348', 'xxxxxx'), expected);
    assert.equal(wechatSignatureValid('qimingtoken', { signature: expected, timestamp: '1409304348', nonce: 'xxxxxx' }), true);
    assert.equal(wechatSignatureValid('qimingtoken', { signature: expected.toUpperCase(), timestamp: '1409304348', nonce: 'xxxxxx' }), true);
    assert.equal(wechatSignatureValid('othertoken', { signature: expected, timestamp: '1409304348', nonce: 'xxxxxx' }), false);
    assert.equal(wechatSignatureValid('qimingtoken', { signature: expected, timestamp: '1409304349', nonce: 'xxxxxx' }), false);
    assert.equal(wechatSignatureValid('qimingtoken', { timestamp: '1409304348', nonce: 'xxxxxx' }), false);
    assert.equal(wechatSignatureValid('qimingtoken', { signature: ['a'], timestamp: '1409304348', nonce: 'xxxxxx' }), false);
  });

  it('reads CDATA and plain fields', () => {
    assert.equal(xmlField(subscribeByScan, 'FromUserName'), 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    assert.equal(xmlField(subscribeByScan, 'CreateTime'), '1348831860');
    assert.equal(xmlField('<xml><A>a &amp; b</A></xml>', 'A'), 'a & b');
    assert.equal(xmlField(subscribeByScan, 'Missing'), null);
  });

  it('finds the scene of a scan: qrscene_ when following by scanning, bare when already following', () => {
    assert.deepEqual(scanEventOf(subscribeByScan), { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', scene: 'login_abc' });
    assert.deepEqual(scanEventOf(scanWhileFollowing), { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', scene: 'login_abc' });
  });

  it('ignores other pushes', () => {
    const plainSubscribe = subscribeByScan.replace(/<EventKey>.*<\/EventKey>\n/, '');
    const text = '<xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName><![CDATA[o1]]></FromUserName><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content></xml>';
    const unsubscribe = subscribeByScan.replace('<![CDATA[subscribe]]>', '<![CDATA[unsubscribe]]>');
    for (const xml of [plainSubscribe, text, unsubscribe, 'not xml']) assert.equal(scanEventOf(xml), null);
  });
});
