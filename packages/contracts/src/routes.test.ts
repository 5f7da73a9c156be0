import { describe, expect, it } from 'vitest';
import { routeUrl } from './routes.js';

describe('routeUrl', () => {
  it('puts a route under its group’s base', () => {
    expect(routeUrl('getSecretaryByUserId')).toBe(
      '/bpm-runtime/runtime/bpmSecretaryManage/v1/getSecretaryByUserId',
    );
    expect(routeUrl('getMsgbadge', 'https://portal.example.com/api')).toBe(
      'https://portal.example.com/api/innermsg/messageReceiver/v1/getMsgbadge',
    );
  });

  it('fills {name} segments, encoded, and leaves unnamed ones as written', () => {
    expect(routeUrl('getSecretary', undefined, { id: 'a/b c' })).toBe(
      '/bpm-runtime/runtime/bpmSecretaryManage/v1/get/a%2Fb%20c',
    );
    expect(routeUrl('getSecretary', '/r')).toBe('/r/runtime/bpmSecretaryManage/v1/get/{id}');
  });
});
