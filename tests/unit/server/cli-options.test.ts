import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cliServerOptions, serverDataDir, DEFAULT_DATA_DIR } from '../../../server/cli-options';

describe('npm run server options', () => {
  it('keeps its data where npm run web keeps its embedded server: one default, .data/server', () => {
    const options = cliServerOptions([], {});
    expect(options.dataDir).toBe(join('.data', 'server'));
    expect(options.dataDir).toBe(serverDataDir(DEFAULT_DATA_DIR));
    expect(options).toMatchObject({ port: 4100, host: '127.0.0.1' });
  });

  it('takes --data-dir, --host and --port before DATA_DIR, HOST and PORT', () => {
    const env = { DATA_DIR: '/srv/env', HOST: '0.0.0.0', PORT: '4300' };
    expect(cliServerOptions([], env)).toMatchObject({ dataDir: '/srv/env', host: '0.0.0.0', port: 4300 });
    expect(cliServerOptions(['--data-dir', '/srv/arg', '--host', '10.0.0.2', '--port', '4400'], env)).toMatchObject({
      dataDir: '/srv/arg',
      host: '10.0.0.2',
      port: 4400,
    });
  });

  it('takes MIN_STATION_VERSION as the oldest station served, and refuses one that is not a version', () => {
    expect(cliServerOptions([], {}).minStationVersion).toBeUndefined();
    expect(cliServerOptions([], { MIN_STATION_VERSION: '' }).minStationVersion).toBeUndefined();
    expect(cliServerOptions([], { MIN_STATION_VERSION: ' 1.4.0-rc.1 ' }).minStationVersion).toBe('1.4.0-rc.1');
    expect(() => cliServerOptions([], { MIN_STATION_VERSION: 'latest' })).toThrow(/not a version/);
  });
});
