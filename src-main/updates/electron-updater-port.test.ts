// Tests (plain Node): what electron-updater's failures become for the user. The feed tests meet
// the common ones for real (a 503, a wrong sha512); these are the ones only a platform produces.
import { describe, expect, it } from 'vitest';
import { classifyUpdaterError } from './electron-updater-port.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('electron-updater’s failures', () => {
  it('a signature the platform refused is told apart from a damaged download and from a feed out of reach', () => {
    expect(
      classifyUpdaterError(coded('New version is not signed by the application owner', 'ERR_UPDATER_INVALID_SIGNATURE'))
        .kind,
    ).toBe('signature');
    // Squirrel.Mac's own words when the new app's signature does not satisfy the running one's.
    expect(classifyUpdaterError(new Error('Code signature at URL file:///… did not pass validation')).kind).toBe(
      'signature',
    );
    expect(
      classifyUpdaterError(coded('sha512 checksum mismatch, expected x, got y', 'ERR_CHECKSUM_MISMATCH')).kind,
    ).toBe('integrity');
    // Electron's network stack (net::) and Node's, and a feed without this platform's file.
    expect(classifyUpdaterError(new Error('net::ERR_INTERNET_DISCONNECTED')).kind).toBe('unreachable');
    expect(classifyUpdaterError(coded('getaddrinfo ENOTFOUND updates.lectern.app', 'ENOTFOUND')).kind).toBe(
      'unreachable',
    );
    expect(
      classifyUpdaterError(coded('Cannot find channel "latest-linux.yml"', 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND')).kind,
    ).toBe('unreachable');
    expect(classifyUpdaterError(new Error('EACCES: permission denied, open …')).kind).toBe('other');
  });

  it('keeps the first line only (electron-updater appends stacks and response bodies)', () => {
    expect(classifyUpdaterError(new Error('first line\n    at somewhere\nbody')).message).toBe('first line');
  });
});
