import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, rpcSignature } from './aliyun-signature.ts';

describe('Alibaba Cloud RPC signature', () => {
  it('percent-encodes as RFC 3986 (space %20, * %2A, ~ kept, UTF-8 bytes)', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('短信')).toBe('%E7%9F%AD%E4%BF%A1');
    expect(percentEncode('2017-07-12T02:42:19Z')).toBe('2017-07-12T02%3A42%3A19Z');
  });

  it('sorts the parameters and leaves Signature out', () => {
    expect(canonicalQuery({ b: '2', A: '1', Signature: 'x', a: '3' })).toBe('A=1&a=3&b=2');
  });

  // The worked SendSms example of the SMS service's own documentation (testId / testSecret).
  it('reproduces the documented SendSms signature', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(rpcSignature('GET', params, 'otherSecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  // The generic example of the signature page (DescribeRegions, testid / testsecret).
  it('reproduces the documented generic RPC signature', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});
