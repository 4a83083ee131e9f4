/**
 * A failure said once, plainly: the error state and the "Offline — nothing saved on
 * this computer yet" state show the sentence, and the technical side (code, method, path, a TLS
 * code) only behind "Details" — never inline. Real components, rendered in a DOM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BridgeError } from '../bridge.ts';
import { ErrorState } from './States.tsx';
import { OfflineNothingSaved } from './OfflineState.tsx';

afterEach(cleanup);

const REFUSED =
  'The server at this address refused the connection. Check the address and port, and that the server is running.';
const TECHNICAL = 'ECONNREFUSED: GET /v1/external/learning/categories';

describe('the error state', () => {
  it('a message main wrote with its technical side: the sentence once, the code and request under Details', () => {
    render(<ErrorState message={`${REFUSED} (${TECHNICAL})`} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.state-body')!.textContent).toBe(REFUSED);
    const details = screen.getByTestId('error-details');
    expect(details.tagName).toBe('DETAILS');
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(details.textContent).toContain(TECHNICAL);
    // Outside Details, nothing technical.
    expect(alert.textContent.replace(details.textContent, '')).not.toMatch(/ECONNREFUSED|GET \/v1/);
  });

  it('a typed failure: the sentence, and its code, TLS code and request under Details', () => {
    const error = new BridgeError({
      code: 'API_NETWORK',
      message: 'This server’s certificate is for a different address…',
      details: {
        kind: 'Network',
        systemCode: 'ERR_TLS_CERT_ALTNAME_INVALID',
        method: 'GET',
        path: '/v1/external/learning/courses',
      },
    });
    render(<ErrorState message="This server’s certificate is for a different address." error={error} />);
    expect(screen.getByRole('alert').querySelector('.state-body')!.textContent).toBe(
      'This server’s certificate is for a different address.',
    );
    expect(screen.getByTestId('error-details').textContent).toContain(
      'API_NETWORK · ERR_TLS_CERT_ALTNAME_INVALID · GET /v1/external/learning/courses',
    );
  });

  it('a plain sentence with nothing technical has no Details', () => {
    render(<ErrorState message="This lesson is not in the course any more (it may have been deleted)." />);
    expect(screen.queryByTestId('error-details')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('(it may have been deleted).');
  });
});

describe('offline with nothing saved', () => {
  it('says why in words, with the code and request under Details', () => {
    render(<OfflineNothingSaved reason={`${REFUSED} (${TECHNICAL})`} onRetry={() => {}} />);
    const state = screen.getByTestId('offline-nothing-saved');
    expect(state.textContent).toContain('Offline — nothing saved on this computer yet');
    expect(state.textContent).toContain(REFUSED);
    const details = screen.getByTestId('error-details');
    expect(details.textContent).toContain(TECHNICAL);
    expect(state.textContent.replace(details.textContent, '')).not.toMatch(/ECONNREFUSED|GET \/v1/);
  });

  it('a reason with nothing technical is said as it is, without Details', () => {
    render(<OfflineNothingSaved reason="You are offline." onRetry={() => {}} />);
    expect(screen.getByTestId('offline-nothing-saved').textContent).toContain('You are offline.');
    expect(screen.queryByTestId('error-details')).toBeNull();
  });
});
