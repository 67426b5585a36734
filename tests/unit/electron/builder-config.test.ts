import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';

/**
 * The installer's configuration (electron-builder.yml), read as electron-builder reads it: the build
 * itself needs the Electron binary and Windows, so what can be checked here is what the file says.
 */
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;
const section = (name: string) => (config[name] ?? {}) as Record<string, unknown>;

/** A value given as `${env.NAME}`: electron-builder expands it from the release machine's environment. */
const ENV_MACRO = /^\$\{env\.[A-Z][A-Z0-9_]*\}$/;

/** Every [path, value] pair of the parsed file, nested keys joined with dots. */
function entries(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) => entries(child, path ? `${path}.${key}` : key));
}

describe('electron-builder.yml', () => {
  it('matches the schema of the electron-builder the project pins', async () => {
    await expect(validateConfiguration(config as never, { add: () => {}, isEnabled: false } as never)).resolves.toBe(
      undefined,
    );
  });

  it('sets every fuse', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('installs per user, without asking for administrator rights', () => {
    expect(section('nsis')).toMatchObject({ oneClick: false, perMachine: false });
    expect(section('nsis').selectPerMachineByDefault).not.toBe(true);
    expect(section('win').requestedExecutionLevel ?? 'asInvoker').toBe('asInvoker');
  });

  it('publishes to a generic feed whose URL comes from the environment, and signs or fails', () => {
    const publish = config.publish as Record<string, unknown>;
    expect(publish.provider).toBe('generic');
    expect(publish.url).toMatch(ENV_MACRO);
    expect(section('win').verifyUpdateCodeSignature ?? true).toBe(true);
    expect(config.forceCodeSigning).toBe(true);
    expect((section('win').signtoolOptions as Record<string, unknown>).signingHashAlgorithms).toEqual(['sha256']);
  });

  it('holds no certificate or password, and the repository holds no key file', () => {
    const secretKey = /cert|csc|password|passphrase|secret|token|pfx|p12|sha1/i;
    const literal = entries(config).filter(
      ([path, value]) => secretKey.test(path) && value != null && !(typeof value === 'string' && ENV_MACRO.test(value)),
    );
    expect(literal).toEqual([]);
    const tracked = execFileSync(
      'git',
      ['ls-files', '*.pfx', '*.p12', '*.pem', '*.key', '*.cer', '*.crt', '*.spc', '*.pvk'],
      {
        encoding: 'utf8',
      },
    );
    expect(tracked.trim()).toBe('');
  });
});
