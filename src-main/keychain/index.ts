/**
 * Main process / plain Node. Public surface of the keychain module.
 */
export { createMemoryKeyStore, type KeyStore } from './key-store.ts';
export {
  createSystemKeyStore,
  loadKeytarModule,
  DEFAULT_KEYCHAIN_TIMEOUT_MS,
  KEYCHAIN_SERVICE,
  type KeytarApi,
  type SystemKeyStoreOptions,
} from './system-key-store.ts';
export {
  KeychainTimeout,
  KeychainUnavailable,
  isKeychainError,
  reasonFromSystemMessage,
  type KeychainError,
  type KeychainOperation,
  type UnavailableReason,
} from './errors.ts';
