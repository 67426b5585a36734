import { z } from 'zod';
import { ONCE_COMMANDS } from '../../../shared/api/catalogue';
import { storedCommandSchema, type PendingCommandStore, type StoredCommand } from '../ports';
import { JsonFile } from './json-file';

// At most one of each command per employee who signed in on this station.
const fileSchema = z.array(storedCommandSchema).max(ONCE_COMMANDS.length * 1000);

/** The station's unanswered commands in a file only its owner may read (a sale names the parent). */
export class FilePendingStore implements PendingCommandStore {
  private readonly file: JsonFile<typeof fileSchema>;

  constructor(path: string) {
    this.file = new JsonFile(path, fileSchema, 0o600);
  }

  async load(): Promise<StoredCommand[]> {
    return (await this.file.read()) ?? [];
  }

  save(commands: StoredCommand[]) {
    return commands.length ? this.file.write(commands) : this.file.remove();
  }
}
