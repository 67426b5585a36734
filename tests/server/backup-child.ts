import { takeBackup } from '../../server/db/backup';

/** backup.test.ts's kill test: a backup taken in a process of its own, which the test kills mid-write. */
await takeBackup(process.argv[2]!, process.argv[3]!);
