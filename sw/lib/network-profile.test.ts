import { describe, expect, it } from 'vitest';
import { networkProfile, readDeviceSignals } from './network-profile';

const desktop = { effectiveType: '4g', saveData: false, deviceMemory: 8, hardwareConcurrency: 8 };

describe('networkProfile', () => {
  it('asks quality 0.85 and keeps images 7 days on a normal device', () => {
    const profile = networkProfile(desktop);
    expect(profile).toMatchObject({
      slow: false,
      lowEnd: false,
      dataSaver: false,
      imageQuality: 0.85,
      imageCacheMaxAgeMs: 7 * 86_400_000,
      memoryItems: 100,
      imageRequestsPerMinute: 30,
      imageSpacingMs: 3_000,
      headChecks: true,
    });
  });

  it('asks 0.7 and keeps 50 items in memory on a device with few cores', () => {
    const profile = networkProfile({ ...desktop, hardwareConcurrency: 2 });
    expect(profile.lowEnd).toBe(true);
    expect(profile.imageQuality).toBe(0.7);
    expect(profile.memoryItems).toBe(50);
  });

  it('keeps 30 items in memory with 2 GB or less', () => {
    const profile = networkProfile({ ...desktop, deviceMemory: 2 });
    expect(profile.lowEnd).toBe(true);
    expect(profile.memoryItems).toBe(30);
    expect(networkProfile({ ...desktop, deviceMemory: 4 }).memoryItems).toBe(100);
  });

  it('asks 0.6 and turns HEAD checks off with data saver, whatever the device', () => {
    const profile = networkProfile({ ...desktop, hardwareConcurrency: 2, saveData: true });
    expect(profile.imageQuality).toBe(0.6);
    expect(profile.headChecks).toBe(false);
    expect(profile.defaultImageWidth).toBe(640);
  });

  it('asks smaller widths on slow connections and with data saver, half with both', () => {
    expect(networkProfile(desktop).imageWidthScale).toBe(1);
    expect(networkProfile({ ...desktop, saveData: true }).imageWidthScale).toBe(0.75);
    expect(networkProfile({ ...desktop, effectiveType: '3g' }).imageWidthScale).toBe(0.75);
    expect(
      networkProfile({ ...desktop, effectiveType: '3g', saveData: true }).imageWidthScale,
    ).toBe(0.5);
    expect(networkProfile({ ...desktop, effectiveType: '2g' }).imageWidthScale).toBe(0.5);
  });

  it.each(['slow-2g', '2g', '3g'])(
    'treats %s as slow: 14 days, 15 a minute, 5 s spacing',
    (type) => {
      const profile = networkProfile({ ...desktop, effectiveType: type });
      expect(profile.slow).toBe(true);
      expect(profile.imageCacheMaxAgeMs).toBe(14 * 86_400_000);
      expect(profile.imageRequestsPerMinute).toBe(15);
      expect(profile.imageSpacingMs).toBe(5_000);
      expect(profile.imageQuality).toBe(0.6);
      expect(profile.headChecks).toBe(true);
    },
  );

  it('treats a browser that tells nothing as a normal device', () => {
    expect(networkProfile({})).toMatchObject({ slow: false, lowEnd: false, imageQuality: 0.85 });
  });
});

describe('readDeviceSignals', () => {
  it('reads the connection and the device', () => {
    const signals = readDeviceSignals({
      connection: { effectiveType: '2g', saveData: false },
      deviceMemory: 1,
      hardwareConcurrency: 4,
    });
    expect(signals).toEqual({
      effectiveType: '2g',
      saveData: false,
      deviceMemory: 1,
      hardwareConcurrency: 4,
    });
  });

  it('honours a Save-Data request header', () => {
    const request = new Request('http://localhost/api/uploads/a.jpg', {
      headers: { 'Save-Data': 'on' },
    });
    expect(readDeviceSignals({}, request).saveData).toBe(true);
  });
});
