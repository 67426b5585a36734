import { join } from 'node:path';
import { emptyStationChat, stationChatSchema, type ChatStore, type StationChat } from '../ports';
import { JsonFile } from './json-file';

/**
 * Each user's chat on this station in a file of its own in `folder` (`chat-<userId>.json`, only its
 * owner may read it: messages name colleagues). Written whole through `JsonFile` (temporary file,
 * fsync, rename): a crash mid-write leaves what was stored before. One store per station, shared by
 * whatever uses it (browser mode's pages too), so its changes never race on a file.
 */
export class FileChatStore implements ChatStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: string) {}

  async load(userId: number): Promise<StationChat> {
    return (await this.file(userId).read()) ?? emptyStationChat;
  }

  update(userId: number, change: (chat: StationChat) => StationChat): Promise<StationChat> {
    const next = this.queue.then(async () => {
      const changed = change(await this.load(userId));
      await this.file(userId).write(changed);
      return changed;
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private file(userId: number) {
    return new JsonFile(join(this.folder, `chat-${userId}.json`), stationChatSchema, 0o600);
  }
}
