/**
 * Main process / plain Node. electron-updater without Electron: its own feed reading (the generic
 * provider, latest*.yml, version comparison), download and sha512 verification, its download cache,
 * driven with an app description and an HTTP client for plain Node instead of Electron's `app` and
 * `net`. Only the install differs: there is no Electron app to replace, so `onInstall` is told the
 * verified file. The bridge host uses it when given a feed (`--update-feed`, test hooks), and the
 * update tests run the whole flow through it against a feed on loopback.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { BaseUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import type { DownloadUpdateOptions } from 'electron-updater/out/AppUpdater.js';
import type { InstallOptions } from 'electron-updater/out/BaseUpdater.js';
import { isLoopbackHost } from '../platform/index.ts';
import { electronUpdaterPort } from './electron-updater-port.ts';
import type { UpdaterPort } from './ports.ts';

/** builder-util-runtime's HTTP client over node:http(s): what Electron's `net` does in the app. */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    // A connection per request: checks are hours apart, nothing is gained by keeping one open.
    return (options.protocol === 'http:' ? httpRequest : httpsRequest)({ ...options, agent: false }, callback);
  }

  /** As Electron's executor downloads (electronHttpExecutor.js): the base class checks the sha512 as bytes arrive. */
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** Downloads the feed's file for this platform (as the AppImage updater does) and never installs itself. */
class NodeFeedUpdater extends BaseUpdater {
  constructor(app: AppAdapter) {
    super(null, app);
    // With an app given, electron-updater leaves the HTTP client to its caller.
    Object.assign(this, { httpExecutor: new NodeHttpExecutor() });
  }

  protected override doDownloadUpdate(options: DownloadUpdateOptions) {
    const provider = options.updateInfoAndProvider.provider;
    const files = provider.resolveFiles(options.updateInfoAndProvider.info);
    const fileInfo = files.find((file) => file.url.pathname.endsWith('.AppImage')) ?? files[0];
    if (!fileInfo) throw new Error('the update feed lists no file');
    const extension = fileInfo.url.pathname.split('.').at(-1) ?? 'bin';
    return this.executeDownload({
      fileExtension: extension,
      fileInfo,
      downloadUpdateOptions: options,
      task: async (updateFile, downloadOptions) => {
        const executor = (this as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor;
        await executor.download(fileInfo.url, updateFile, downloadOptions);
      },
    });
  }

  protected override doInstall(_options: InstallOptions): boolean {
    return false;
  }

  /** The verified file, once downloaded. */
  downloadedFile(): string | null {
    return this.installerPath;
  }
}

export interface NodeFeedOptions {
  /** https://…, or http:// on loopback only (a test's feed). */
  feedUrl: string;
  currentVersion: string;
  /** The updater's cache and its small files (staging id, app-update.yml). */
  cacheDir: string;
  onInstall(file: string): void;
  warn?: (message: string) => void;
}

export function createNodeFeedUpdater(options: NodeFeedOptions): UpdaterPort {
  const url = new URL(options.feedUrl);
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && isLoopbackHost(url.hostname.replace(/^\[|\]$/g, '')))
  ) {
    throw new Error(`The update feed must be an https:// address (or http:// on this computer): ${options.feedUrl}`);
  }
  mkdirSync(options.cacheDir, { recursive: true });
  // What electron-builder writes into the app's resources from the `publish` configuration.
  const configPath = join(options.cacheDir, 'app-update.yml');
  writeFileSync(
    configPath,
    `provider: generic\nurl: ${JSON.stringify(options.feedUrl)}\nupdaterCacheDirName: lectern-updater\n`,
  );
  const app: AppAdapter = {
    version: options.currentVersion,
    name: 'Lectern',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: options.cacheDir,
    baseCachePath: options.cacheDir,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new NodeFeedUpdater(app);
  return electronUpdaterPort({
    updater,
    kind: 'self',
    currentVersion: options.currentVersion,
    warn: options.warn ?? (() => undefined),
    install: () => {
      const file = updater.downloadedFile();
      if (!file) throw new Error('no verified update was downloaded');
      options.onInstall(file);
    },
  });
}
