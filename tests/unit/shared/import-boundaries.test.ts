import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The table of ARCHITECTURE.md "Who may import what", checked through the project's own lint config. */
const eslint = new ESLint({ cwd: process.cwd() });

async function violations(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
      "import { ParentForm } from '../../features/parents/ParentForm'; export const p = ParentForm;",
    ],
    ['renderer/features/sales/x.ts', "export { usePrintReceipt } from '../invoices/usePrintReceipt';"],
    ['renderer/features/sales/x.ts', "import fs from 'node:fs'; export const f = fs;"],
    ['renderer/components/x.ts', "import { CartPage } from '../features/sales/CartPage'; export const c = CartPage;"],
    [
      'renderer/features/sales/x.ts',
      "import { screenComponent } from '../../app/screens'; export const s = screenComponent;",
    ],
    ['renderer/components/x.ts', "import { App } from '../app/App'; export const a = App;"],
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
    ['renderer/app/x.ts', "import { CartPage } from '../features/sales/CartPage'; export const c = CartPage;"],
    ['renderer/features/sales/x.ts', "import { useAbility } from '../../store/ability'; export const u = useAbility;"],
  ])('%s may: %s', async (file, source) => {
    expect(await violations(file, source)).toEqual([]);
  });
});
