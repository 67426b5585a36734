import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { resolve } from 'node:path';

/** The table of ARCHITECTURE.md "Who may import what", checked through the project's own lint config. */
const eslint = new ESLint({ cwd: process.cwd() });
const FENCES = new Set(['no-restricted-imports', 'playdesk/allowed-imports', 'no-restricted-globals']);

async function violations(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && FENCES.has(m.ruleId)).map((m) => m.message);
}

/** What the program's own tsconfig says of `source` placed at `filePath`: the environment's globals. */
function typeErrors(project: string, filePath: string, source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(project),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`no ${project}`);
  const file = resolve(filePath);
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : read(name, language, ...rest);
  // The project's own declarations come along: they are part of its environment (shared/web-globals.d.ts).
  const declarations = config.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram({ rootNames: [...declarations, file], options: config.options, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

// The first lint loads the project's whole lint configuration, which takes seconds on a busy machine:
// the verdict is what ESLint says, not how soon.
describe('import boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['shared/domain/x.ts', "import { readFileSync } from 'node:fs'; export const f = readFileSync;"],
    ['shared/domain/x.ts', "import { app } from 'electron'; export const a = app;"],
    ['shared/domain/x.ts', "import { startServer } from '../../server/start'; export const s = startServer;"],
    ['server/modules/x.ts', "import { app } from 'electron'; export const a = app;"],
    [
      'server/modules/x.ts',
      "import { createHandlers } from '../../electron/ipc/handlers'; export const h = createHandlers;",
    ],
    ['electron/services/x.ts', "import { safeStorage } from 'electron'; export const s = safeStorage;"],
    ['electron/services/x.ts', "import { buildApp } from '../../server/app'; export const b = buildApp;"],
    [
      'electron/services/x.ts',
      "import { createMainWindow } from '../platform/electron/window'; export const w = createMainWindow;",
    ],
    [
      'electron/services/printing/x.ts',
      "import { ElectronDocumentPrinter } from '../../platform/electron/document-printer'; export const d = ElectronDocumentPrinter;",
    ],
    ['renderer/features/x.ts', "import fs from 'node:fs'; export const f = fs;"],
    ['renderer/features/x.ts', "import { ipcRenderer } from 'electron'; export const i = ipcRenderer;"],
    [
      'renderer/features/x.ts',
      "import { createHandlers } from '../../electron/ipc/handlers'; export const h = createHandlers;",
    ],
    ['renderer/features/sales/x.ts', "import { KidFlags } from '../parents/KidFlags'; export const k = KidFlags;"],
    [
      'renderer/features/sales/x.ts',
      "import { ParentForm } from '../../features/parents/parent-form'; export const p = ParentForm;",
    ],
    ['renderer/features/sales/x.ts', "export { usePrintReceipt } from '../invoices/use-print-receipt';"],
    ['renderer/features/sales/x.ts', "import fs from 'node:fs'; export const f = fs;"],
    ['renderer/components/x.ts', "import { CartPage } from '../features/sales/cart-page'; export const c = CartPage;"],
    // Issue 26: the deny lists let these ten through; the allow lists and the environments' globals do not.
    ['shared/domain/x.ts', "import { Server } from 'socket.io'; export const s = Server;"],
    ['shared/domain/x.ts', "import ExcelJS from 'exceljs'; export const e = ExcelJS;"],
    ['shared/domain/x.ts', "export const bytes = Buffer.from('x');"],
    ['shared/domain/x.ts', 'export const width = window.innerWidth;'],
    [
      'renderer/features/x.ts',
      "import { SerialPortStream } from '@serialport/stream'; export const s = SerialPortStream;",
    ],
    ['renderer/features/x.ts', "import ExcelJS from 'exceljs'; export const e = ExcelJS;"],
    ['renderer/features/x.ts', 'export const mode = process.env.NODE_ENV;'],
    ['server/modules/x.ts', "import { io } from 'socket.io-client'; export const i = io;"],
    ['server/modules/x.ts', 'export const title = document.title;'],
    // The old list named 'antd' alone: its subpaths passed.
    ['electron/services/x.ts', "import Button from 'antd/es/button'; export const b = Button;"],
    // A package nobody listed, and a relative path out of the program, are reported as well.
    ['shared/domain/x.ts', "import dayjs from 'dayjs'; export const d = dayjs;"],
    ['shared/domain/x.ts', "import { messagesOf } from '../../renderer/i18n'; export const m = messagesOf;"],
    ['electron/preload.ts', "import { shell } from 'electron'; export const s = shell;"],
    [
      'renderer/features/sales/x.ts',
      "import { screenComponent } from '../../app/screens'; export const s = screenComponent;",
    ],
    ['renderer/components/x.ts', "import { App } from '../app/app'; export const a = App;"],
  ])('%s may not: %s', async (file, source) => {
    expect(await violations(file, source)).not.toHaveLength(0);
  });

  it.each([
    ['shared/domain/x.ts', "import { z } from 'zod'; export const s = z.string();"],
    [
      'server/modules/x.ts',
      "import { readFileSync } from 'node:fs'; import { catalogue } from '../../shared/api/catalogue'; export const x = [readFileSync, catalogue];",
    ],
    ['electron/platform/electron/x.ts', "import { safeStorage } from 'electron'; export const s = safeStorage;"],
    ['electron/main.ts', "import { app } from 'electron'; export const a = app;"],
    [
      'electron/services/x.ts',
      "import { noFilePicker } from '../platform/ports'; import { FileSettingsStore } from '../platform/node/file-settings-store'; export const x = [noFilePicker, FileSettingsStore];",
    ],
    ['renderer/features/x.ts', "import { abilityFor } from '../../shared/permissions'; export const a = abilityFor;"],
    [
      'renderer/features/sales/x.ts',
      "import { cartTotals } from './cart'; import { KidFlags } from '../../components/parents/KidFlags'; export const x = [cartTotals, KidFlags];",
    ],
    ['renderer/app/x.ts', "import { CartPage } from '../features/sales/cart-page'; export const c = CartPage;"],
    ['renderer/i18n/x.ts', 'export const load = (lang: string) => import(`../../locales/${lang}/common.json`);'],
    ['renderer/features/x.ts', 'export const title = document.title;'],
    ['server/modules/x.ts', 'export const mode = process.env.NODE_ENV;'],
    [
      'shared/domain/x.ts',
      "import { isValidPhoneNumber } from 'libphonenumber-js'; export const v = isValidPhoneNumber;",
    ],
    ['shared/domain/promotion-x.ts', 'export const opens = (window: { start: number }) => window.start;'],
    ['electron/preload.ts', "import { contextBridge } from 'electron'; export const c = contextBridge;"],
    ['renderer/features/sales/x.ts', "import { useAbility } from '../../store/ability'; export const u = useAbility;"],
  ])('%s may: %s', async (file, source) => {
    expect(await violations(file, source)).toEqual([]);
  });

  // Where the program's environment has no such global, its own tsconfig says so too (npm run typecheck).
  it.each([
    ['shared', 'shared/domain/x.ts', "export const bytes = Buffer.from('x');", 'Buffer'],
    ['shared', 'shared/domain/x.ts', 'export const width = window.innerWidth;', 'window'],
    ['renderer', 'renderer/features/x.ts', 'export const mode = process.env.NODE_ENV;', 'process'],
    ['server', 'server/modules/x.ts', 'export const title = document.title;', 'document'],
  ])('%s/tsconfig.json knows no %s', (project, file, source, name) => {
    expect(typeErrors(`${project}/tsconfig.json`, file, source).join('\n')).toContain(`Cannot find name '${name}'`);
  });

  it.each([
    ['renderer', 'renderer/features/x.ts', 'export const title = document.title;'],
    ['server', 'server/modules/x.ts', 'export const mode = process.env.NODE_ENV;'],
    ['shared', 'shared/domain/x.ts', "export const host = new URL('https://example.com').hostname;"],
  ])('%s/tsconfig.json knows: %s', (project, file, source) => {
    expect(typeErrors(`${project}/tsconfig.json`, file, source)).toEqual([]);
  });
});
